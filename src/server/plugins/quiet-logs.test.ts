// The log is for what needs a person's attention. A browser closing its change stream, an upload
// turned away while the photo queue is busy, a request turned away during a restart: each is
// expected, and is written at info (never as an error with a stack). The request id in the log and
// in X-Request-Id is always the server's own, whatever the client sends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE } from '#server/features/photos/photo-work-queue.ts';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { capturedLog, LOG_LEVEL } from '#tests/captured-log.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { CASTLE_WORDS } from '#tests/places.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWithLog(
  kind: (typeof testDatabaseKinds)[number],
  overrides: Parameters<typeof buildTestApp>[1] = {},
  level = 'info',
) {
  const log = capturedLog(level);
  const t: TestApp = await buildTestApp(kind, { logger: log.logger, ...overrides });
  cleanups.push(() => t.close());
  return { t, log };
}

describe.each(testDatabaseKinds)('what the log says on %s', (kind) => {
  it('a change stream closed by the browser ends quietly: no warning, no error, no 500', async () => {
    const { t, log } = await appWithLog(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Node's own client, which closes the connection as a browser does (fetch keeps another one open).
    const request = http.get(`http://127.0.0.1:${port}/api/reports/changes`, {
      headers: { accept: 'text/event-stream' },
    });
    request.on('error', () => undefined);
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => response.once('data', resolve));
    request.destroy();
    // The server has seen the stream end once its request is logged as done.
    await expect
      .poll(() =>
        log.entries.some((entry) => entry.msg === 'stream closed prematurely' || entry.msg === 'request completed'),
      )
      .toBe(true);
    // Give any late complaint about the closed stream its chance to be written.
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.atLeast(LOG_LEVEL.warn)).toEqual([]);
    expect(
      log.entries.filter((entry) => (entry.res as { statusCode?: number } | undefined)?.statusCode === 500),
    ).toEqual([]);
  });

  it('an upload turned away while the photo queue is full is answered 503 with Retry-After and logged as info, without a stack', async () => {
    const { t, log } = await appWithLog(kind, { limits: { photoWork: { concurrency: 0, maxWaiting: 0 } } });
    const form = await multipartBody(
      { what3words: CASTLE_WORDS },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', ...form });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json().message).toBe(BUSY_MESSAGE);
    expect(log.atLeast(LOG_LEVEL.warn)).toEqual([]);
    const turnedAway = log.entries.find((entry) => entry.msg === BUSY_MESSAGE);
    expect(turnedAway).toMatchObject({ level: LOG_LEVEL.info });
    expect(turnedAway!.err).toBeUndefined();
  });

  it('a request turned away while the server restarts is not an error in the log', async () => {
    const { t, log } = await appWithLog(kind);
    await t.app.drain();
    const response = await t.app.inject({ method: 'GET', url: '/api/reports' });
    expect(response.statusCode).toBe(503);
    expect(log.atLeast(LOG_LEVEL.warn)).toEqual([]);
  });

  it("the client's own X-Request-Id is neither echoed nor written to the log as the request's id", async () => {
    // Requests are logged at debug.
    const { t, log } = await appWithLog(kind, {}, 'debug');
    const forged = 'forged-id-0001';
    const first = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'x-request-id': forged } });
    const second = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'x-request-id': forged } });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(ids).not.toContain(forged);
    expect(ids[0]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);
    expect(log.entries.filter((entry) => entry.reqId === forged)).toEqual([]);
    expect(log.entries.some((entry) => entry.reqId === ids[0])).toBe(true);
  });
});
