import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { capturedLog, LOG_LEVEL } from '#tests/captured-log.ts';
import { movableClock } from '#tests/volunteers.ts';
import { hashPasscode } from '#server/secrets.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(testDatabaseKinds)('administrator access on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('admin_attempts').execute();
  });

  const signIn = (passcode: string, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: { passcode }, remoteAddress: ip });

  it('a wrong code is refused with "Access Denied / Incorrect passcode. Please try again." and no session', async () => {
    const wrong = await signIn('000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ title: 'Access Denied', message: 'Incorrect passcode. Please try again.' });
    expect(wrong.cookies).toEqual([]);
    expect(wrong.body).not.toContain(TEST_ADMIN_PASSCODE);
  });

  it('the right code starts an administrator session that opens administrator routes until sign-out', async () => {
    const right = await signIn(TEST_ADMIN_PASSCODE);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ admin: true });
    const cookie = right.cookies.find((c) => c.name === 'cue_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const cookies = { cue_admin: cookie.value };
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);

    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies })).statusCode).toBe(401);
  });

  it("an administrator's write that says neither which site it comes from is refused with 403", async () => {
    const right = await signIn(TEST_ADMIN_PASSCODE, '198.51.100.21');
    const cookies = { cue_admin: right.cookies.find((c) => c.name === 'cue_admin')!.value };
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      cookies,
      headers: { 'sec-fetch-site': undefined },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe('Requests that do not say which site they come from are not accepted.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies })).statusCode).toBe(204);
  });

  it('after 5 wrong codes in 15 minutes even the right code gets 429 with the time to wait; other clients are not affected', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('111111')).statusCode).toBe(401);
    const throttled = await signIn(TEST_ADMIN_PASSCODE);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/^Too many wrong access codes\. Please wait 15 minutes and try again\.$/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await signIn(TEST_ADMIN_PASSCODE, '198.51.100.4')).statusCode).toBe(200);
  });

  it('checking passcodes does not stall the server: the event loop keeps turning while they are hashed', async () => {
    // Each try: how long three checks hold whatever thread runs them, on this machine, now (three, not
    // one, so that a moment's hold-up of this process weighs less); then three checks at once. Hashed
    // on the event loop's thread, they would keep it busy for three checks' time; hashed elsewhere, it
    // is busy only with the requests themselves (which share the cores with the hashing) and free for
    // others the rest of the time.
    // The busy time comes from the event loop's own account, not from the gaps between timer ticks.
    // It is wall time, so another process on a busy machine stretches it too: the best of three tries
    // counts. Hashing on the loop would fail every try.
    const shares: number[] = [];
    for (const tryNumber of [1, 2, 3]) {
      const started = performance.now();
      for (let i = 0; i < 3; i++) hashPasscode('123456');
      const threeChecksMs = performance.now() - started;
      const before = performance.eventLoopUtilization();
      await Promise.all([1, 2, 3].map((client) => signIn('333333', `192.0.2.${80 + tryNumber * 3 + client}`)));
      shares.push(performance.eventLoopUtilization(before).active / threeChecksMs);
    }
    expect(Math.min(...shares)).toBeLessThan(1 / 2);
  });

  it('thirty wrong codes sent at once get at most five checks; the rest are refused with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn('222222', '192.0.2.55')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('with ADMIN_EMAILS, the code is refused (403) unless a listed volunteer is signed in, and accepted when one is', async () => {
    const guarded = await buildTestApp(kind, {
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        trustProxy: undefined,
        adminEmails: ['chief@example.org'],
      },
    });
    const alone = await guarded.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: TEST_ADMIN_PASSCODE },
    });
    expect(alone.statusCode).toBe(403);
    expect(alone.json().message).toBe(
      'Sign in as a volunteer with an administrator e-mail address first, then enter the access code.',
    );
    const other = await volunteerSession(guarded.database, 'someone@example.org');
    expect(
      (
        await guarded.app.inject({
          method: 'POST',
          url: '/api/admin/auth',
          payload: { passcode: TEST_ADMIN_PASSCODE },
          cookies: other.cookies,
        })
      ).statusCode,
    ).toBe(403);
    const chief = await volunteerSession(guarded.database, 'chief@example.org');
    const ok = await guarded.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: TEST_ADMIN_PASSCODE },
      cookies: chief.cookies,
    });
    expect(ok.statusCode).toBe(200);
    const admin = ok.cookies.find((c) => c.name === 'cue_admin')!;
    expect(
      (
        await guarded.app.inject({
          method: 'GET',
          url: '/api/admin/me',
          cookies: { ...chief.cookies, cue_admin: admin.value },
        })
      ).statusCode,
    ).toBe(200);
    await guarded.close();
  });

  it('the addresses of one IPv6 /64 share one allowance of 5 wrong codes; another /64 is not affected', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('111111', `2001:db8:5:6::${i + 1}`)).statusCode).toBe(401);
    const throttled = await signIn(TEST_ADMIN_PASSCODE, '2001:db8:5:6:ffff::99');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await signIn(TEST_ADMIN_PASSCODE, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('wrong codes from many clients slow every try down, then lock the passcode for everyone for 15 minutes, said once in the log and counted in the metrics', async () => {
    const clock = movableClock();
    const log = capturedLog();
    const guarded = await buildTestApp(kind, {
      clock,
      logger: log.logger,
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'info',
        trustProxy: undefined,
        metricsToken: METRICS_TOKEN,
      },
      limits: { adminPasscode: { slowAfter: 3, lockAfter: 6 } },
    });
    try {
      let client = 0;
      const from = (passcode: string) =>
        guarded.app.inject({
          method: 'POST',
          url: '/api/admin/auth',
          payload: { passcode },
          remoteAddress: `198.51.100.${++client}`,
        });
      // Three wrong codes, each from a client of its own: each is checked.
      for (let i = 0; i < 3; i++) expect((await from('111111')).statusCode).toBe(401);
      // From now on, one try every 10 seconds across all clients, the right code too.
      const slowed = await from(TEST_ADMIN_PASSCODE);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toBe(
        'Many wrong access codes have been tried just now. Please wait 10 seconds and try again.',
      );
      expect(Number(slowed.headers['retry-after'])).toBe(10);
      for (let i = 0; i < 3; i++) {
        clock.advance(10_000);
        expect((await from('111111')).statusCode).toBe(401);
      }
      // The sixth wrong code locked the passcode: even the right code waits 15 minutes.
      clock.advance(10_000);
      const locked = await from(TEST_ADMIN_PASSCODE);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Administrator sign-in is paused for 15 minutes after too many wrong access codes. Please try again then.',
      );
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      clock.advance(5 * 60_000);
      expect((await from(TEST_ADMIN_PASSCODE)).json().message).toMatch(
        /^Administrator sign-in is paused for 10 minutes/,
      );

      const lockLines = log.entries.filter((entry) => entry.msg.startsWith('administrator passcode locked'));
      expect(lockLines).toHaveLength(1);
      expect(lockLines[0]!.level).toBeGreaterThanOrEqual(LOG_LEVEL.error);

      const metrics = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.body).toMatch(/^admin_passcode_wrong_total 6$/m);
      expect(metrics.body).toMatch(/^admin_passcode_locks_total 1$/m);
      expect(metrics.body).toMatch(/^admin_passcode_refused_total\{limit="slow_down"\} 1$/m);
      expect(metrics.body).toMatch(/^admin_passcode_refused_total\{limit="locked"\} 2$/m);

      // Once the 15 minutes have passed, the right code works again.
      clock.advance(10 * 60_000);
      expect((await from(TEST_ADMIN_PASSCODE)).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('a code longer than 6 characters is refused without being checked', async () => {
    const response = await signIn('1234567');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Incorrect passcode. Please try again.');
  });
});
