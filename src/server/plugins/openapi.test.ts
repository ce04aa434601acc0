// GET /api/openapi.json over real HTTP: a valid OpenAPI 3.1 document that describes every /api/ route
// the app registers (each seen by Fastify's onRoute hook as it was added), sent once built and then
// revalidated by its ETag.
import diagnostics from 'node:diagnostics_channel';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { validate, compileErrors } from '@readme/openapi-parser';
import packageJson from '../../../package.json' with { type: 'json' };
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';

type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
  components: { securitySchemes: Record<string, { in: string; name: string }> };
};

describe.each(testDatabaseKinds)('the API description (%s)', (kind) => {
  let t: TestApp;
  let url: string;
  const registered: string[] = [];
  const collect = ({ fastify }: { fastify: FastifyInstance }) =>
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (route.url.startsWith('/api/') && method !== 'HEAD') registered.push(`${method} ${route.url}`);
    });

  beforeAll(async () => {
    diagnostics.subscribe('fastify.initialization', collect as (message: unknown) => void);
    try {
      t = await buildTestApp(kind);
    } finally {
      diagnostics.unsubscribe('fastify.initialization', collect as (message: unknown) => void);
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/openapi.json`;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document naming the API, its version and its two sessions', async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as Document;
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info).toMatchObject({ title: 'Clean Up Edinburgh API', version: packageJson.version });
    expect(document.components.securitySchemes).toMatchObject({
      volunteerSession: { type: 'apiKey', in: 'cookie', name: 'cue_session' },
      adminSession: { type: 'apiKey', in: 'cookie', name: 'cue_admin' },
    });
    expect(document.paths['/api/admin/audit-log']!.get!.security).toEqual([{ adminSession: [] }]);
    expect(document.paths['/api/health']!.get!.security).toBeUndefined();
  });

  it('describes every /api/ route the app registers, and nothing else', async () => {
    const document = (await (await fetch(url)).json()) as Document;
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const expected = registered.filter((route) => route !== 'GET /api/openapi.json');
    expect(expected.length).toBeGreaterThan(50);
    expect(described.sort()).toEqual([...new Set(expected)].sort());
  });

  it('is sent as built, and a client that has it is told so', async () => {
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(url);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(await first.text());
    const revalidated = await fetch(url, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);
  });
});
