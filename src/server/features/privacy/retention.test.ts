import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { everyRowAsText } from '#tests/privacy.ts';
import { keepingMailer, movableClock, signInVolunteer } from '#tests/volunteers.ts';
import type { Mailer } from '#server/mail/mailer.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds)('the daily retention job on %s', (kind) => {
  let t: TestApp;
  const start = new Date('2026-11-21T09:00:00Z');
  const clock = movableClock(start);
  const mailer = keepingMailer();
  /** Set to make the next e-mail fail, as an SMTP server that is down would. */
  let mailDown = false;
  const flakyMailer: Mailer = {
    async send(message) {
      if (mailDown) throw new Error('SMTP server unreachable');
      await mailer.send(message);
    },
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      clock,
      mailer: flakyMailer,
      limits: { signInRequestsPerClient: 1000, reportSubmissionsPerHour: 1000 },
    });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const at = (ms: number) => clock.set(new Date(start.getTime() + ms));
  const run = () => t.app.retention.runOnce();
  const volunteerId = async (email: string) =>
    (await db().selectFrom('volunteers').select('id').where('email', '=', email).executeTakeFirst())?.id;

  it('sign-in links and codes are deleted 24 hours after they were sent, not before', async () => {
    at(0);
    await t.app.inject({ method: 'POST', url: '/api/volunteers/auth/signin', payload: { email: 'token@example.org' } });
    const id = (await volunteerId('token@example.org'))!;
    const tokens = () => db().selectFrom('sign_in_tokens').select('id').where('volunteer_id', '=', id).execute();
    expect(await tokens()).toHaveLength(1);
    at(24 * HOUR);
    await run();
    expect(await tokens()).toHaveLength(1);
    at(24 * HOUR + 1);
    await run();
    expect(await tokens()).toHaveLength(0);
  });

  it('a session is deleted 24 hours after it ended (idle past its limit), and a live one is kept', async () => {
    at(0);
    const admin = await t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: { passcode: '246810' } });
    const adminCookie = admin.cookies.find((c) => c.name === 'cue_admin')!.value;
    const live = await signInVolunteer(t.app, mailer, 'live@example.org');
    const liveId = (await volunteerId('live@example.org'))!;
    const adminSessions = () => db().selectFrom('sessions').select('id_hash').where('kind', '=', 'admin').execute();
    expect(await adminSessions()).toHaveLength(1);

    // An administrator session ends after 30 idle minutes; it is deleted 24 hours after that.
    at(30 * MINUTE + 24 * HOUR);
    await run();
    expect(await adminSessions()).toHaveLength(1);
    at(30 * MINUTE + 24 * HOUR + 1);
    await run();
    expect(await adminSessions()).toHaveLength(0);
    const gone = await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { cue_admin: adminCookie } });
    expect(gone.statusCode).toBe(401);

    // The volunteer session (7 days idle, 30 days in all) is still live and kept.
    const me = await t.app.inject({ method: 'GET', url: '/api/volunteers/auth/me', headers: { cookie: live } });
    expect(me.statusCode).toBe(200);
    expect(
      await db().selectFrom('sessions').select('id_hash').where('volunteer_id', '=', liveId).execute(),
    ).toHaveLength(1);
  });

  it('a volunteer session is deleted 24 hours after it ended, by its idle limit or by its 30 days in all', async () => {
    at(0);
    await signInVolunteer(t.app, mailer, 'idle@example.org');
    const busy = await signInVolunteer(t.app, mailer, 'busy@example.org');
    const [idleId, busyId] = [(await volunteerId('idle@example.org'))!, (await volunteerId('busy@example.org'))!];
    const sessionsOf = (id: number) =>
      db().selectFrom('sessions').select('id_hash').where('volunteer_id', '=', id).execute();

    const use = async (day: number) => {
      at(day * DAY);
      const me = await t.app.inject({ method: 'GET', url: '/api/volunteers/auth/me', headers: { cookie: busy } });
      expect(me.statusCode).toBe(200);
    };
    await use(6);

    // Unseen for seven days, the idle session ended then; it goes 24 hours later.
    at(7 * DAY + 24 * HOUR);
    await run();
    expect(await sessionsOf(idleId)).toHaveLength(1);
    at(7 * DAY + 24 * HOUR + 1);
    await run();
    expect(await sessionsOf(idleId)).toHaveLength(0);

    // Used every few days, the other ends at 30 days all the same, and goes 24 hours after that.
    for (const day of [12, 18, 24, 29]) await use(day);
    at(30 * DAY + 24 * HOUR);
    await run();
    expect(await sessionsOf(busyId)).toHaveLength(1);
    at(30 * DAY + 24 * HOUR + 1);
    await run();
    expect(await sessionsOf(busyId)).toHaveLength(0);
  });

  it('wrong administrator passcodes are forgotten once their 15-minute window has passed', async () => {
    at(0);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: '000000' },
      remoteAddress: '198.51.100.23',
    });
    expect(wrong.statusCode).toBe(401);
    const attempts = () => db().selectFrom('admin_attempts').select('id').execute();
    expect(await attempts()).toHaveLength(1);
    at(15 * MINUTE);
    await run();
    expect(await attempts()).toHaveLength(1);
    at(15 * MINUTE + 1);
    await run();
    expect(await attempts()).toHaveLength(0);
  });

  it('audit log entries are kept for a year, then deleted', async () => {
    at(0);
    await db()
      .insertInto('audit_log')
      .values({ at: clock.now().toISOString(), action: 'report.renumber', actor_session: 'abcd1234' })
      .execute();
    const entries = () => db().selectFrom('audit_log').select('id').where('actor_session', '=', 'abcd1234').execute();
    at(365 * DAY);
    await run();
    expect(await entries()).toHaveLength(1);
    at(365 * DAY + 1);
    await run();
    expect(await entries()).toHaveLength(0);
  });

  it('no IP address is stored with a report', async () => {
    at(0);
    const { payload, headers } = await multipartBody(
      { what3words: 'rally.census.refuse', description: 'By the bus stop' },
      { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload,
      headers,
      remoteAddress: '203.0.113.77',
    });
    expect(sent.statusCode).toBe(201);
    for (const [table, text] of Object.entries(await everyRowAsText(db()))) {
      // The hourly allowance counts a client by its address for that hour, as the privacy notice says.
      if (table === 'limit_counters') continue;
      expect(text, `${table} holds the reporter's address`).not.toContain('203.0.113.77');
    }
    const everything = async () => Object.values(await everyRowAsText(db())).join();
    if (kind === 'postgres') {
      // Kept while its hour lasts, by every process...
      at(HOUR - 1);
      await run();
      expect(await everything()).toContain('203.0.113.77');
    }
    // ...and gone once it has passed.
    at(HOUR);
    await run();
    expect(await everything(), 'once its hour has passed').not.toContain('203.0.113.77');
  });

  it('a volunteer unseen for three years is warned by e-mail, then erased 30 days later', async () => {
    at(0);
    await signInVolunteer(t.app, mailer, 'sleepy@example.org', 'Sleepy Volunteer');
    const id = (await volunteerId('sleepy@example.org'))!;
    const warnings = () => mailer.messages.filter((m) => m.to === 'sleepy@example.org' && m.subject.includes('erased'));

    at(1095 * DAY);
    await run();
    expect(warnings()).toHaveLength(0);

    at(1095 * DAY + 1);
    await run();
    expect(warnings()).toHaveLength(1);
    const [warning] = warnings();
    // Warned on 20/11/2029: erased 30 days later.
    expect(warning!.subject).toBe('Your Clean Up Edinburgh account will be erased on 20/12/2029');
    expect(warning!.text).toContain('http://localhost:3000/volunteer-signin');
    expect(warning!.text).toContain('How we use your personal data: http://localhost:3000/privacy');

    // One warning only, however often the job runs.
    at(1095 * DAY + 2 * DAY);
    await run();
    expect(warnings()).toHaveLength(1);

    at(1095 * DAY + 1 + 30 * DAY);
    await run();
    expect(await volunteerId('sleepy@example.org')).toBe(id);
    const erasures = () =>
      db().selectFrom('audit_log').select('id').where('action', '=', 'volunteer.erase-inactive').execute();
    const erasedBefore = (await erasures()).length;
    at(1095 * DAY + 2 + 30 * DAY);
    await run();
    expect(await volunteerId('sleepy@example.org')).toBeUndefined();
    // The audit log says an account was erased, without saying whose.
    expect((await erasures()).length).toBeGreaterThan(erasedBefore);
  });

  it('a warned volunteer who signs in again keeps their account', async () => {
    at(0);
    await signInVolunteer(t.app, mailer, 'back@example.org');
    at(1095 * DAY + 1);
    await run();
    expect(mailer.messages.filter((m) => m.to === 'back@example.org' && m.subject.includes('erased'))).toHaveLength(1);
    at(1095 * DAY + 10 * DAY);
    await signInVolunteer(t.app, mailer, 'back@example.org');
    at(1095 * DAY + 31 * DAY);
    await run();
    const row = await db()
      .selectFrom('volunteers')
      .select('inactivity_warned_at')
      .where('email', '=', 'back@example.org')
      .executeTakeFirst();
    expect(row).toEqual({ inactivity_warned_at: null });
  });

  it('nobody is erased without the warning having been sent', async () => {
    at(0);
    await signInVolunteer(t.app, mailer, 'unreached@example.org');
    mailDown = true;
    at(1095 * DAY + 1);
    await run();
    mailDown = false;
    at(1095 * DAY + 31 * DAY);
    await run();
    // The failed warning was withdrawn and sent on the next run; the 30 days count from then.
    expect(await volunteerId('unreached@example.org')).toBeDefined();
    expect(
      mailer.messages.filter((m) => m.to === 'unreached@example.org' && m.subject.includes('erased')),
    ).toHaveLength(1);
  });
});
