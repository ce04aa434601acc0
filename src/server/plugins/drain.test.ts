// While the server shuts down, every request it turns away hears 503 with Retry-After, including one
// that arrives on a connection already open (a keep-alive client pipelining its next request).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => undefined);
  t = undefined;
});

describe('shutting down', () => {
  it('a request that arrives while the server closes gets 503 with Retry-After and a clear message', async () => {
    t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const body = JSON.stringify({ passcode: '000000' });
    // The first request is still arriving when the server starts to close...
    socket.write(
      `POST /api/admin/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // ...then it finishes, and the next request comes on the same connection.
    socket.write(`${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const deadline = Date.now() + 10_000;
    while ((received.match(/HTTP\/1\.1 /g) ?? []).length < 2 && Date.now() < deadline && !socket.closed) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    socket.destroy();
    await closing;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 401/);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(answers[1]).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(answers[1]).toContain('The server is restarting. Please try again in a moment.');
  });
});
