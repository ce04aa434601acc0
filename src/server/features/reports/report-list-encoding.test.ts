// The report list every page polls: compressed once per version and kept beside the serialised text,
// so a browser's 'Accept-Encoding: br, gzip' costs no more CPU than a plain request.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { systemClock } from '#server/clock.ts';
import { createLocationService } from '#server/features/location/index.ts';
import { reportsRepository } from './reports.repository.ts';
import { preferredEncoding } from '#server/http/conditional-get.ts';
import { reportsService } from './reports.service.ts';

describe('the compressed report list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const form = await multipartBody(
      { what3words: 'rally.census.refuse', description: 'Paint on the close wall. '.repeat(20) },
      { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', ...form })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('is compressed once per version: the same bytes are served until the list changes', async () => {
    const service = reportsService({
      repository: reportsRepository(t.database.db),
      storage: t.storage,
      clock: systemClock,
      location: createLocationService({ provider: 'grid' }),
      log: t.app.log,
    });
    const version = await service.listVersion();
    const list = await service.listText(version);
    const first = await list.encoded('br');
    expect(await (await service.listText(version)).encoded('br')).toBe(first);
    expect(JSON.parse(brotliDecompressSync(first).toString())).toEqual(JSON.parse(list.body));
    expect(JSON.parse(gunzipSync(await list.encoded('gzip')).toString())).toHaveLength(1);
    // The plain list's bytes are made once too, and read as its text.
    expect(list.bytes()).toBe(list.bytes());
    expect(list.bytes().toString()).toBe(list.body);
  });

  it('a client that accepts no encoding gets the plain list as JSON, its length counted in bytes', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/reports' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(plain.json()).toHaveLength(1);
  });

  it("a browser's 'br, gzip' gets Brotli that reads as the plain list, varying by Accept-Encoding", async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/reports' });
    const br = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('takes the best encoding the client accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
  });
});
