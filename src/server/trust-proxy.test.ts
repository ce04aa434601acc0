// Behind a reverse proxy every limit still counts per real client: TRUST_PROXY (a hop count, or the
// proxies' addresses and CIDR ranges) says whose X-Forwarded-For to believe. Requests really pass
// through a proxy here, from distinct loopback addresses, so nothing is faked on the app's side.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import type { TestDatabaseKind } from '#tests/databases.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A one-hop reverse proxy, as nginx does it: the peer's address is appended to X-Forwarded-For. */
async function startProxy(target: string): Promise<string> {
  const proxy = http.createServer((request, response) => {
    const previous = request.headers['x-forwarded-for'];
    const forwardedFor = [previous, request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      `${target}${request.url}`,
      { method: request.method, headers: { ...request.headers, 'x-forwarded-for': forwardedFor } },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => proxy.close(() => resolve())));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

async function appBehindProxy(
  trustProxy: string,
  kind: TestDatabaseKind = 'sqlite',
): Promise<{ t: TestApp; proxyUrl: string }> {
  const t = await buildTestApp(kind, {
    config: {
      publicUrl: 'http://localhost:3000',
      logLevel: 'silent',
      trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy,
    },
    limits: { reportSubmissionsPerHour: 2, signInRequestsPerClient: 2 },
  });
  closers.push(() => t.close());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const proxyUrl = await startProxy(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  return { t, proxyUrl };
}

/** A request from a given loopback address (127.0.0.x are all this machine). */
function send(
  url: string,
  { from, method = 'GET', body, headers = {} }: { from: string; method?: string; body?: unknown; headers?: object },
): Promise<{ status: number; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      url,
      {
        method,
        localAddress: from,
        headers: {
          ...(payload ? { 'content-type': 'application/json', origin: 'http://localhost:3000' } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, json: () => JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const wrongPasscode = (proxyUrl: string, from: string, headers: object = {}) =>
  send(`${proxyUrl}/api/admin/auth`, { from, method: 'POST', body: { passcode: '000000' }, headers });

describe.each(['1', '127.0.0.1', '127.0.0.1/32, 10.0.0.0/8'])(
  'with TRUST_PROXY=%s behind a real proxy',
  (trustProxy) => {
    it('five wrong passcodes from one client lock out that client only, not the administrator elsewhere', async () => {
      const { proxyUrl } = await appBehindProxy(trustProxy);
      for (let i = 0; i < 5; i++) expect((await wrongPasscode(proxyUrl, '127.0.0.2')).status).toBe(401);
      expect((await wrongPasscode(proxyUrl, '127.0.0.2')).status).toBe(429);

      const admin = await send(`${proxyUrl}/api/admin/auth`, {
        from: '127.0.0.3',
        method: 'POST',
        body: { passcode: TEST_ADMIN_PASSCODE },
      });
      expect(admin.status).toBe(200);
    });

    it('a client cannot escape its own limit by sending a made-up X-Forwarded-For', async () => {
      const { proxyUrl } = await appBehindProxy(trustProxy);
      for (let i = 0; i < 5; i++) {
        const spoofed = await wrongPasscode(proxyUrl, '127.0.0.2', { 'x-forwarded-for': `198.51.100.${i}` });
        expect(spoofed.status).toBe(401);
      }
      expect((await wrongPasscode(proxyUrl, '127.0.0.2', { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
    });

    it('the hourly report allowance is counted per client', () => reportAllowancePerClient(trustProxy, 'sqlite'));

    it('the sign-in e-mails a client may ask for are counted per client', async () => {
      const { proxyUrl } = await appBehindProxy(trustProxy);
      let n = 0;
      const signIn = (from: string) =>
        send(`${proxyUrl}/api/volunteers/auth/signin`, {
          from,
          method: 'POST',
          body: { email: `walker${n++}@example.org` },
        });
      expect((await signIn('127.0.0.6')).status).toBe(200);
      expect((await signIn('127.0.0.6')).status).toBe(200);
      expect((await signIn('127.0.0.6')).status).toBe(429);
      expect((await signIn('127.0.0.7')).status).toBe(200);
    });
  },
);

async function reportAllowancePerClient(trustProxy: string, kind: TestDatabaseKind): Promise<void> {
  const { proxyUrl } = await appBehindProxy(trustProxy, kind);
  // An empty form is refused (400) after the allowance is counted; the third call from one client is 429.
  const submit = (from: string) =>
    send(`${proxyUrl}/api/reports`, {
      from,
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin: 'http://localhost:3000' },
      body: undefined,
    });
  expect((await submit('127.0.0.4')).status).not.toBe(429);
  expect((await submit('127.0.0.4')).status).not.toBe(429);
  expect((await submit('127.0.0.4')).status).toBe(429);
  expect((await submit('127.0.0.5')).status).not.toBe(429);
}

// On PostgreSQL the counts are rows shared by every process (decision 140), keyed by the same address.
describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL behind a real proxy', () => {
  it.each(['1', '127.0.0.1/32, 10.0.0.0/8'])(
    'with TRUST_PROXY=%s the hourly report allowance is counted per client',
    (trustProxy) => reportAllowancePerClient(trustProxy, 'postgres'),
  );
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of addresses and ranges, and names the variable when it is wrong', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });
});
