// A request body that arrives slowly holds a connection until it is complete. A client trickling bodies
// (slowloris) may hold only a few at once, the process only so many in all, and a body that stops
// arriving is cut off: the rest of the service keeps answering. Over real TCP, from distinct addresses.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '#server/app.ts';
import { buildTestApp } from '#tests/build-test-app.ts';
import { capturedLog, LOG_LEVEL } from '#tests/captured-log.ts';
import { testDatabaseKinds } from '#tests/databases.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Trickle {
  /** What the server has answered so far. */
  answer(): string;
  closed(): boolean;
}

/** Starts an upload of a photo from `from` that sends its headers and the first bytes of its body, then waits. */
function startTrickle(port: number, from: string): Promise<Trickle> {
  return new Promise((resolve, reject) => {
    let answer = '';
    let closed = false;
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write(
        [
          'POST /api/reports HTTP/1.1',
          'Host: 127.0.0.1',
          'Sec-Fetch-Site: same-origin',
          'Content-Type: multipart/form-data; boundary=x',
          'Content-Length: 100000',
          '',
          '--x\r\nContent-Disposition: form-data; name="what3words"\r\n\r\n',
        ].join('\r\n'),
      );
      resolve({ answer: () => answer, closed: () => closed });
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => (closed = true));
    socket.once('error', reject);
    cleanups.push(async () => void socket.destroy());
  });
}

async function listening(kind: (typeof testDatabaseKinds)[number], overrides: Partial<AppDeps> = {}) {
  const t = await buildTestApp(kind, overrides);
  cleanups.push(() => t.close());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);

describe.each(testDatabaseKinds)('request bodies still arriving, on %s', (kind) => {
  it('one client trickling uploads holds a few connections; the next is refused at once with 429 and Retry-After, and the connection is closed', async () => {
    const { port } = await listening(kind, { limits: { requestBodies: { perClient: 2, total: 10 } } });
    const held = [await startTrickle(port, '127.0.0.2'), await startTrickle(port, '127.0.0.2')];
    const refused = await startTrickle(port, '127.0.0.2');
    await expect.poll(() => statusOf(refused.answer())).toBe(429);
    expect(refused.answer()).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(refused.answer()).toContain('Too many uploads are arriving from your network at once.');
    await expect.poll(() => refused.closed()).toBe(true);
    for (const trickle of held) expect(trickle.answer()).toBe('');

    // Another client's upload is taken, and the list and health are answered.
    const other = await startTrickle(port, '127.0.0.3');
    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/reports`)).status).toBe(200);
    expect(other.answer()).toBe('');
  });

  it('the process takes only so many bodies at once: the next upload hears 503 with Retry-After, while reading still works', async () => {
    const { port } = await listening(kind, { limits: { requestBodies: { perClient: 5, total: 3 } } });
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) await startTrickle(port, from);
    const refused = await startTrickle(port, '127.0.0.5');
    await expect.poll(() => statusOf(refused.answer())).toBe(503);
    expect(refused.answer()).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(refused.answer()).toContain('The server is receiving too many uploads just now.');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('a body that stops arriving is cut off after the silence allowed, quietly, and its place is free again', async () => {
    const log = capturedLog();
    const { port } = await listening(kind, {
      logger: log.logger,
      limits: { requestBodies: { perClient: 1, total: 10, idleMs: 300 } },
    });
    const silent = await startTrickle(port, '127.0.0.2');
    await expect.poll(() => silent.closed(), { timeout: 10_000 }).toBe(true);
    const next = await startTrickle(port, '127.0.0.2');
    await expect.poll(() => next.closed(), { timeout: 10_000 }).toBe(true);
    expect(statusOf(next.answer())).not.toBe(429);
    expect(log.atLeast(LOG_LEVEL.error)).toEqual([]);
  });
});
