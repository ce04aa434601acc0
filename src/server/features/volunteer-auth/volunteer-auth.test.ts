import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { movableClock, readSignInMail, sessionCookie } from '#tests/volunteers.ts';
import { smtpMailer } from '#server/mail/mailer.ts';
import { signInResponseSchema, signedInResponseSchema, volunteerSchema } from '#shared/contracts/volunteer-auth.ts';

const MINUTE = 60_000;
const FROM = 'Clean Up Edinburgh <no-reply@cleanupedinburgh.org>';

describe.each(testDatabaseKinds)('volunteer sign-in on %s', (kind) => {
  let smtp: FakeSmtp;
  let t: TestApp;
  const clock = movableClock();
  let counter = 0;
  /** A fresh address per test, so the per-address limit of one test never touches another. */
  const freshEmail = (local = 'volunteer') => `${local}.${++counter}.${kind}@example.org`;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await buildTestApp(kind, {
      clock,
      mailer: smtpMailer(smtp.url, FROM, { ignoreTLS: true }),
      // The per-client limit has its own test (and app) below; here every request comes from one client.
      limits: { signInRequestsPerClient: 1000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const signIn = (payload: Record<string, unknown>, headers: Record<string, string | undefined> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/volunteers/auth/signin', payload, headers });
  const verify = (email: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/volunteers/auth/verify', payload: { email, code } });
  const continueWith = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/volunteers/auth/continue', payload: { token } });
  const me = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/volunteers/auth/me', headers: cookie ? { cookie } : {} });

  async function requestMail(email: string, name?: string) {
    const response = await signIn({ email, ...(name ? { name } : {}) });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor(email.trim().toLowerCase());
    return { response, mail, ...readSignInMail(mail.text) };
  }

  it('a first sign-in registers the volunteer and e-mails a link and a 6-digit code over SMTP; the secrets are stored only hashed', async () => {
    const email = freshEmail('ailsa');
    const { response, mail, code, token, link } = await requestMail(`  ${email.toUpperCase()} `, 'Ailsa Brown');
    expect(signInResponseSchema.parse(response.json())).toMatchObject({ email, expiresInMinutes: 10 });
    expect(mail.from).toBe('no-reply@cleanupedinburgh.org');
    expect(mail.subject).toBe(`${code} is your Clean Up Edinburgh sign-in code`);
    expect(mail.text).toContain('Hello Ailsa Brown,');
    expect(mail.text).toContain('work once, for the next 10 minutes');
    expect(link.startsWith('http://localhost:3000/volunteers/signin/continue#token=')).toBe(true);
    expect(mail.html).toContain(code);
    // At least 128 random bits: 32 bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const volunteer = await t.database.db
      .selectFrom('volunteers')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(volunteer.name).toBe('Ailsa Brown');
    const rows = await t.database.db
      .selectFrom('sign_in_tokens')
      .selectAll()
      .where('volunteer_id', '=', volunteer.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the answer does not say whether the address was known', async () => {
    const email = freshEmail('known');
    const first = await requestMail(email);
    const second = await requestMail(email);
    expect(second.response.json()).toEqual(first.response.json());
    expect(Object.keys(second.response.headers).sort()).toEqual(Object.keys(first.response.headers).sort());
  });

  it('the code signs in once: a session cookie (HTTP-only, SameSite=Lax), /me answers the volunteer, and the code and link are spent', async () => {
    const email = freshEmail('code');
    const { code, token } = await requestMail(email, 'Callum');
    expect((await me()).statusCode).toBe(401);

    const verified = await verify(email, code);
    expect(verified.statusCode).toBe(200);
    const body = signedInResponseSchema.parse(verified.json());
    expect(body.volunteer).toMatchObject({ email, name: 'Callum' });
    const cookie = verified.cookies.find((c) => c.name === 'cue_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();

    const current = await me(sessionCookie(verified));
    expect(current.statusCode).toBe(200);
    expect(volunteerSchema.parse(current.json())).toMatchObject({ email, name: 'Callum' });
    expect(current.json().lastActiveAt).toBe(clock.now().toISOString());

    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      title: 'Sign In Failed',
      message: expect.stringContaining('not right, or it has expired'),
    });
    expect(again.cookies).toEqual([]);
    expect((await continueWith(token)).statusCode).toBe(400);
  });

  it("the link's Continue signs in once; opening it a second time is refused", async () => {
    const email = freshEmail('link');
    const { token, code } = await requestMail(email);
    const first = await continueWith(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().volunteer.email).toBe(email);
    expect((await me(sessionCookie(first))).json().email).toBe(email);

    const second = await continueWith(token);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(
      'This sign-in link has expired or has already been used. Please sign in again to get a new one.',
    );
    expect((await verify(email, code)).statusCode).toBe(400);
  });

  it('the link and the code stop working after 10 minutes', async () => {
    const email = freshEmail('late');
    const one = await requestMail(email);
    const two = await requestMail(email);
    clock.advance(10 * MINUTE + 1_000);
    expect((await verify(email, one.code)).statusCode).toBe(400);
    expect((await continueWith(two.token)).statusCode).toBe(400);
    // A new e-mail works again.
    const three = await requestMail(email);
    expect((await verify(email, three.code)).statusCode).toBe(200);
  });

  it('a code allows 5 wrong tries; after that even the right code is refused', async () => {
    const email = freshEmail('guess');
    const { code } = await requestMail(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().title).toBe('Sign In Failed');
    }
    expect((await verify(email, code)).statusCode).toBe(400);
    // A code for an address nobody signed up with is refused the same way.
    const unknown = await verify(freshEmail('nobody'), code);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe((await verify(email, code)).json().message);
  });

  it('twenty guesses sent at once get at most 5 checks: the right code sent last among them is refused', async () => {
    const email = freshEmail('racer');
    const { code } = await requestMail(email);
    const wrong = Array.from({ length: 19 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all([...wrong, code].map((guess) => verify(email, guess)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(400));
    const rows = await t.database.db.selectFrom('sign_in_tokens').select('failed_attempts').execute();
    expect(Math.max(...rows.map((row) => row.failed_attempts))).toBeLessThanOrEqual(5);
    expect((await verify(email, code)).statusCode).toBe(400);
  });

  it('at most 3 sign-in e-mails per address per 15 minutes; a 4th request sends nothing but the sent code still signs in', async () => {
    const email = freshEmail('many');
    const mails = [];
    for (let i = 0; i < 3; i += 1) mails.push(await requestMail(email));
    clock.advance(5 * MINUTE);
    const again = await signIn({ email });
    expect(again.statusCode).toBe(200);
    expect(signInResponseSchema.parse(again.json())).toEqual({
      email,
      message: `We have already sent sign-in e-mails to ${email} in the last few minutes, so we have not sent another. Please use the link or the code in the latest one: it works for 5 more minutes. A new e-mail can be sent in 10 minutes.`,
      expiresInMinutes: 5,
      sent: false,
    });
    // The owner is not locked out: the latest code sent still works.
    expect((await verify(email, mails[2]!.code)).statusCode).toBe(200);
  });

  it('once every sent code has expired or been used, a 4th request in the window gets 429 with when to retry', async () => {
    const email = freshEmail('expired');
    for (let i = 0; i < 3; i += 1) await requestMail(email);
    clock.advance(11 * MINUTE);
    const refused = await signIn({ email });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(4 * 60));
    expect(refused.json()).toMatchObject({
      title: 'Sign In Failed',
      message: 'Too many sign-in e-mails for this address. Please wait 4 minutes and try again.',
    });
    // Another address is not affected, and the address works again once the window has passed.
    expect((await signIn({ email: freshEmail('other') })).statusCode).toBe(200);
    clock.advance(4 * MINUTE + 1_000);
    expect((await signIn({ email })).statusCode).toBe(200);
  });

  it('an address is required, and must be an address', async () => {
    const missing = await signIn({ name: 'No Address' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter your email address to continue.');
    const blank = await signIn({ email: '   ' });
    expect(blank.json().message).toBe('Please enter your email address to continue.');
    const bad = await signIn({ email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
    const sneaky = await signIn({ email: freshEmail(), next: '//evil.example/' });
    expect(sneaky.statusCode).toBe(400);
  });

  it('sign-in and verify from another origin are refused with 403, and no e-mail is sent', async () => {
    const email = freshEmail('csrf');
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const refused = await signIn({ email }, crossSite);
    expect(refused.statusCode).toBe(403);
    const logout = await t.app.inject({ method: 'POST', url: '/api/volunteers/auth/logout', headers: crossSite });
    expect(logout.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.some((m) => m.to.includes(email))).toBe(false);
    expect(
      await t.database.db.selectFrom('volunteers').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a signed-in write that says neither which site it comes from is refused with 403; a signed-out one is not', async () => {
    const email = freshEmail('bare');
    const { code } = await requestMail(email);
    const cookie = sessionCookie(await verify(email, code));
    const logout = (headers: Record<string, string | undefined>) =>
      t.app.inject({ method: 'POST', url: '/api/volunteers/auth/logout', headers: { cookie, ...headers } });

    const bare = await logout({ 'sec-fetch-site': undefined });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe('Requests that do not say which site they come from are not accepted.');
    expect((await me(cookie)).statusCode).toBe(200);

    // A browser that sends Origin but not Sec-Fetch-Site (older Safari) is still heard.
    expect((await logout({ 'sec-fetch-site': undefined, origin: 'http://localhost:3000' })).statusCode).toBe(204);
    // Without a session nothing can be done on anyone's behalf, so a plain client may ask for a sign-in link.
    expect((await signIn({ email: freshEmail('plain') }, { 'sec-fetch-site': undefined })).statusCode).toBe(200);
  });

  it('logout ends the session on the server: the old cookie no longer signs anyone in', async () => {
    const email = freshEmail('bye');
    const { code } = await requestMail(email);
    const cookie = sessionCookie(await verify(email, code));
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/volunteers/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'cue_session')?.value).toBe('');
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Please sign in as a volunteer to continue.');
  });

  it('a link sent with a next path carries it, so Continue can return the volunteer there', async () => {
    const email = freshEmail('next');
    await signIn({ email, next: '/volunteers?from=mail' });
    const { link } = readSignInMail((await smtp.waitFor(email)).text);
    const fragment = new URLSearchParams(link.split('#')[1]);
    expect(fragment.get('next')).toBe('/volunteers?from=mail');
  });
});

describe.each(testDatabaseKinds)('sign-in limits and failures on %s', (kind) => {
  it('one client gets at most 10 sign-in requests per 15 minutes, then 429 with the time to wait', async () => {
    const smtp = await startFakeSmtp();
    const t = await buildTestApp(kind, { mailer: smtpMailer(smtp.url, FROM, { ignoreTLS: true }) });
    try {
      for (let i = 0; i < 10; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/volunteers/auth/signin',
          payload: { email: `client${i}@example.org` },
        });
        expect(response.statusCode).toBe(200);
      }
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/volunteers/auth/signin',
        payload: { email: 'client10@example.org' },
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ statusCode: 429, title: 'Sign In Failed' });
      expect(refused.json().message).toMatch(
        /^Too many sign-in attempts from this device\. Please wait \d+ minutes and try again\.$/,
      );
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('when the e-mail cannot be sent the request fails with 503 and does not count against the address', async () => {
    let fail = true;
    const t = await buildTestApp(kind, {
      mailer: {
        async send() {
          if (fail) throw new Error('SMTP down');
        },
      },
    });
    try {
      for (let i = 0; i < 4; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/volunteers/auth/signin',
          payload: { email: 'down@example.org' },
        });
        expect(response.statusCode).toBe(503);
        expect(response.json().message).toBe(
          'We could not send the sign-in e-mail just now. Please try again in a moment.',
        );
      }
      fail = false;
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/volunteers/auth/signin',
            payload: { email: 'down@example.org' },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
  it('a mail server that accepts the connection and never greets is given up on: the sign-in answers 503 with a plain message', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const t = await buildTestApp(kind, {
      mailer: smtpMailer(`smtp://127.0.0.1:${port}`, FROM, {
        ignoreTLS: true,
        timeouts: { connectionMs: 300, greetingMs: 300, socketMs: 300 },
      }),
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/volunteers/auth/signin',
        payload: { email: 'waiting@example.org' },
      });
      expect(sockets.size).toBe(1);
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toMatchObject({
        title: 'Sign In Failed',
        message: 'We could not send the sign-in e-mail just now. Please try again in a moment.',
      });
    } finally {
      await t.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
