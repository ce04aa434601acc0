// The list's change stream holds a connection open for minutes, so it is bounded like any other public
// path: a few per client (an IPv4 address, or an IPv6 /64) and a set number per process. A stream
// turned away is told so at once (429 for the client, 503 for the process, with Retry-After); the
// dashboard then keeps its 5 s poll. Everything here goes over real HTTP, from distinct addresses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '#server/app.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { capturedLog, LOG_LEVEL } from '#tests/captured-log.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { movableClock } from '#tests/volunteers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Closes the stream from the browser's side. */
  close(): void;
}

/** Asks for the change stream from `from` (a loopback address), as EventSource does; resolves on the answer's headers. */
function openStream(url: string, from: string, headers: Record<string, string> = {}): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/reports/changes`,
      { localAddress: from, headers: { accept: 'text/event-stream', ...headers }, agent: false },
      (response) => {
        const opened: OpenedStream = {
          status: response.statusCode!,
          headers: response.headers,
          body: '',
          close: () => request.destroy(),
        };
        response.on('data', (chunk: Buffer) => (opened.body += chunk.toString()));
        response.on('error', () => undefined);
        resolve(opened);
      },
    );
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    cleanups.push(async () => void request.destroy());
  });
}

async function listening(kind: (typeof testDatabaseKinds)[number], overrides: Partial<AppDeps> = {}) {
  const t: TestApp = await buildTestApp(kind, overrides);
  cleanups.push(() => t.close());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

describe.each(testDatabaseKinds)('how many change streams are kept open, on %s', (kind) => {
  it('one client gets its few streams and then 429 with Retry-After; the process stops at its total with 503; a closed stream frees its place', async () => {
    const { url } = await listening(kind, { limits: { changeStreams: { perClient: 2, total: 3 } } });
    const first = await openStream(url, '127.0.0.2');
    const second = await openStream(url, '127.0.0.2');
    expect([first.status, second.status]).toEqual([200, 200]);

    const tooManyHere = await openStream(url, '127.0.0.2');
    expect(tooManyHere.status).toBe(429);
    expect(Number(tooManyHere.headers['retry-after'])).toBeGreaterThan(0);
    await expect.poll(() => tooManyHere.body).toContain('"statusCode":429');
    expect(JSON.parse(tooManyHere.body).message).toBe(
      'Too many live updates are open from your network. The list still refreshes every 5 seconds.',
    );

    // Another client still gets one, up to the process's total.
    expect((await openStream(url, '127.0.0.3')).status).toBe(200);
    const tooManyInAll = await openStream(url, '127.0.0.4');
    expect(tooManyInAll.status).toBe(503);
    expect(Number(tooManyInAll.headers['retry-after'])).toBeGreaterThan(0);
    await expect.poll(() => tooManyInAll.body).toContain('"statusCode":503');

    // The list itself, and the health check, are answered all along.
    expect((await fetch(`${url}/api/reports`)).status).toBe(200);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // A stream the browser closes gives its place back.
    first.close();
    await expect.poll(async () => (await openStream(url, '127.0.0.4')).status).toBe(200);
    second.close();
    await expect.poll(async () => (await openStream(url, '127.0.0.2')).status).toBe(200);
  });

  it('the addresses of one IPv6 /64 are one client', async () => {
    const { url } = await listening(kind, {
      config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: ['127.0.0.1'] },
      limits: { changeStreams: { perClient: 2, total: 10 } },
    });
    const from = (address: string) => openStream(url, '127.0.0.1', { 'x-forwarded-for': address });
    expect((await from('2001:db8:1:2::a')).status).toBe(200);
    expect((await from('2001:db8:1:2::b')).status).toBe(200);
    expect((await from('2001:db8:1:2:ffff:1:2:3')).status).toBe(429);
    expect((await from('2001:db8:1:3::a')).status).toBe(200);
    expect((await from('203.0.113.9')).status).toBe(200);
  });

  it('streams turned away are logged once a minute at most, with how many there were', async () => {
    const clock = movableClock();
    const log = capturedLog();
    const { url } = await listening(kind, {
      clock,
      logger: log.logger,
      limits: { changeStreams: { perClient: 1, total: 10 } },
    });
    const refusals = () => log.entries.filter((entry) => entry.msg.startsWith('change streams turned away'));
    expect((await openStream(url, '127.0.0.2')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await openStream(url, '127.0.0.2')).status).toBe(429);
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0]).toMatchObject({ level: LOG_LEVEL.warn, turnedAway: 1 });

    clock.advance(61_000);
    expect((await openStream(url, '127.0.0.2')).status).toBe(429);
    expect(refusals()).toHaveLength(2);
    expect(refusals()[1]).toMatchObject({ level: LOG_LEVEL.warn, turnedAway: 5 });
    expect(log.atLeast(LOG_LEVEL.error)).toEqual([]);
  });
});
