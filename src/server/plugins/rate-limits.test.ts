// The per-client limits hold however many server processes share one PostgreSQL database, and
// across a restart: two apps built on one schema stand for two processes. On SQLite (one process)
// they stay in the process's memory.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppOn, type TestApp } from '#tests/build-test-app.ts';
import { createSharedPostgres, testDatabaseKinds, type SharedPostgres } from '#tests/databases.ts';
import { limitCountersRepository } from './limit-counters.repository.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty multipart body: refused (400) after the hourly allowance has counted it. */
const emptyReport = {
  method: 'POST' as const,
  url: '/api/reports',
  headers: { 'content-type': 'multipart/form-data; boundary=x' },
  payload: '--x--\r\n',
};

describe.runIf(process.env.TEST_DATABASE_URL)('per-client limits on PostgreSQL, over several processes', () => {
  let shared: SharedPostgres;

  async function processOn(limits: { reportSubmissionsPerHour?: number; signInRequestsPerClient?: number }) {
    const t = await buildTestAppOn(shared.open(), { limits });
    cleanups.push(() => t.close());
    return t;
  }

  async function sharedSchema(): Promise<void> {
    shared = await createSharedPostgres();
    cleanups.push(() => shared.drop());
  }

  it('report submissions: a client refused by one process is refused by the other, and still after a restart', async () => {
    await sharedSchema();
    const [a, b] = [await processOn({ reportSubmissionsPerHour: 2 }), await processOn({ reportSubmissionsPerHour: 2 })];
    expect((await a.app.inject(emptyReport)).statusCode).toBe(400);
    expect((await b.app.inject(emptyReport)).statusCode).toBe(400);
    const refused = await a.app.inject(emptyReport);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect((await b.app.inject(emptyReport)).statusCode).toBe(429);
    // Another client is not touched.
    expect((await b.app.inject({ ...emptyReport, remoteAddress: '203.0.113.7' })).statusCode).toBe(400);

    // Both processes stop; the schema stays for the one that starts next. Their cleanups are the last
    // two (the schema's own, the first, still drops it after the test).
    await a.close();
    await b.close();
    cleanups.splice(-2, 2);
    const restarted = await processOn({ reportSubmissionsPerHour: 2 });
    expect((await restarted.app.inject(emptyReport)).statusCode).toBe(429);
  });

  it('hits arriving at once through two processes are each counted once', async () => {
    await sharedSchema();
    const [a, b] = [await processOn({ reportSubmissionsPerHour: 7 }), await processOn({ reportSubmissionsPerHour: 7 })];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).app.inject(emptyReport)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(7);
    expect(statuses.filter((status) => status === 429)).toHaveLength(13);
  });

  it('sign-in requests and code tries: one allowance per client, whichever process answers', async () => {
    await sharedSchema();
    const [a, b] = [await processOn({ signInRequestsPerClient: 2 }), await processOn({ signInRequestsPerClient: 2 })];
    const signIn = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/volunteers/auth/signin', payload: { email: 'ailsa@example.org' } });
    expect((await signIn(a)).statusCode).toBe(200);
    expect((await signIn(b)).statusCode).toBe(200);
    const refused = await signIn(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, title: 'Sign In Failed' });

    // Code tries have an allowance of their own (twice the requests), shared the same way.
    const verify = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/volunteers/auth/verify',
        payload: { email: 'ailsa@example.org', code: '000000' },
      });
    for (const t of [a, b, a, b]) expect((await verify(t)).statusCode).toBe(400);
    expect((await verify(b)).statusCode).toBe(429);
  });

  it("location conversions: 60 a minute per client across processes, and 'Tell me when it is cleaned' by the hour", async () => {
    await sharedSchema();
    const [a, b] = [await processOn({ reportSubmissionsPerHour: 1 }), await processOn({ reportSubmissionsPerHour: 1 })];
    const convert = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/location/words-to-coordinates?words=rally.census.refuse' });
    for (let i = 0; i < 30; i++) expect((await convert(a)).statusCode).not.toBe(429);
    for (let i = 0; i < 30; i++) expect((await convert(b)).statusCode).not.toBe(429);
    expect((await convert(a)).statusCode).toBe(429);

    const follow = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/report-status/no-such-token/follow', payload: {} });
    expect((await follow(b)).statusCode).not.toBe(429);
    expect((await follow(a)).statusCode).toBe(429);
  });

  it('a counter starts again once its window has passed, and ended windows are swept away', async () => {
    await sharedSchema();
    const handle = shared.open();
    cleanups.push(() => handle.close());
    const counters = limitCountersRepository(handle.db);
    const start = new Date('2026-11-21T09:00:00Z');
    const after = (ms: number) => new Date(start.getTime() + ms);
    expect((await counters.hit('test 198.51.100.1', 60_000, start)).hits).toBe(1);
    const second = await counters.hit('test 198.51.100.1', 60_000, after(20_000));
    expect(second).toEqual({ hits: 2, resetsInMs: 40_000 });
    expect((await counters.read('test 198.51.100.1', after(59_999))).hits).toBe(2);
    expect((await counters.read('test 198.51.100.1', after(60_000))).hits).toBe(0);
    expect(await counters.deleteEnded(after(59_999))).toBe(0);
    expect(await counters.deleteEnded(after(60_000))).toBe(1);
    expect(await counters.hit('test 198.51.100.1', 60_000, after(61_000))).toEqual({ hits: 1, resetsInMs: 60_000 });
    // A window that has ended starts again even before the sweep has removed it.
    expect((await counters.hit('test 198.51.100.1', 60_000, after(200_000))).hits).toBe(1);
  });
});

describe('per-client limits on SQLite', () => {
  it('are counted in the one process: the third submission is refused, and no counter is written', async () => {
    const t = await buildTestApp('sqlite', { limits: { reportSubmissionsPerHour: 2 } });
    cleanups.push(() => t.close());
    expect((await t.app.inject(emptyReport)).statusCode).toBe(400);
    expect((await t.app.inject(emptyReport)).statusCode).toBe(400);
    expect((await t.app.inject(emptyReport)).statusCode).toBe(429);
    expect(await t.database.db.selectFrom('limit_counters').selectAll().execute()).toEqual([]);
  });
});

describe.each(testDatabaseKinds)('whom a per-client limit counts, on %s', (kind) => {
  it('every address of one IPv6 /64 shares one allowance; the next /64 has its own', async () => {
    const t = await buildTestApp(kind, { limits: { reportSubmissionsPerHour: 2, signInRequestsPerClient: 2 } });
    cleanups.push(() => t.close());
    const from = (remoteAddress: string) => t.app.inject({ ...emptyReport, remoteAddress });
    expect((await from('2001:db8:1:2::a')).statusCode).toBe(400);
    expect((await from('2001:db8:1:2::b')).statusCode).toBe(400);
    const refused = await from('2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('2001:db8:1:3::a')).statusCode).toBe(400);

    // Sign-in requests likewise.
    const signIn = (remoteAddress: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/volunteers/auth/signin',
        payload: { email: `ailsa.${n}@example.org` },
        remoteAddress,
      });
    expect((await signIn('2001:db8:9:9::1', 1)).statusCode).toBe(200);
    expect((await signIn('2001:db8:9:9::2', 2)).statusCode).toBe(200);
    expect((await signIn('2001:db8:9:9::3', 3)).statusCode).toBe(429);
  });

  it('an IPv4 address written as IPv6 is the same client as the address itself', async () => {
    const t = await buildTestApp(kind, { limits: { reportSubmissionsPerHour: 2 } });
    cleanups.push(() => t.close());
    expect((await t.app.inject({ ...emptyReport, remoteAddress: '203.0.113.50' })).statusCode).toBe(400);
    expect((await t.app.inject({ ...emptyReport, remoteAddress: '::ffff:203.0.113.50' })).statusCode).toBe(400);
    expect((await t.app.inject({ ...emptyReport, remoteAddress: '203.0.113.50' })).statusCode).toBe(429);
  });
});
