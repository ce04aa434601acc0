import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import {
  acceptingPushSender,
  everyRowAsText,
  readZip,
  volunteerColumns,
  volunteerWithEverything,
  type FullVolunteer,
} from '#tests/privacy.ts';
import { adminCookies } from '#tests/sessions.ts';
import { keepingMailer, movableClock, signInVolunteer } from '#tests/volunteers.ts';
import { myDataSchema, privacyNoticeSchema, type MyData } from '#shared/contracts/privacy.ts';
import { loadConfig } from '#server/config.ts';

/** Which part of the download shows the rows of each table that can point at a volunteer. */
const exportedAs: Record<string, keyof MyData> = {
  'volunteers.id': 'profile',
  'cleanups.volunteer_id': 'cleanups',
  'report_photos.volunteer_id': 'progressPhotos',
  'reports.cleaning_volunteer_id': 'cleaningNow',
  'mucu_attendances.volunteer_id': 'mucuAttendances',
  'achievements.volunteer_id': 'achievements',
  'alert_preferences.volunteer_id': 'alertChoices',
  'alert_deliveries.volunteer_id': 'alertsSent',
  'alert_windows.volunteer_id': 'alertWindows',
  'push_subscriptions.volunteer_id': 'devices',
  'sessions.volunteer_id': 'sessions',
  'sign_in_tokens.volunteer_id': 'signInEmails',
  'event_rsvps.volunteer_id': 'eventAnswers',
  'event_logs.volunteer_id': 'eventTimeAndBags',
  'record_certificates.volunteer_id': 'certificates',
  'volunteer_safety.volunteer_id': 'safetyBriefing',
  'event_mail_settings.volunteer_id': 'eventEmails',
  'audit_log.actor_volunteer_id': 'administratorActions',
  'audit_log.subject_volunteer_id': 'administratorActions',
};

describe.each(testDatabaseKinds)('privacy on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-11-21T09:00:00Z'));
  const mailer = keepingMailer();
  let morag: FullVolunteer;
  let moragId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      clock,
      mailer,
      pushSender: acceptingPushSender,
      limits: { signInRequestsPerClient: 1000, reportSubmissionsPerHour: 1000 },
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        trustProxy: undefined,
        privacy: {
          operatorName: 'Edinburgh Graffiti Trust',
          operatorEmail: 'privacy@example.org',
          inactiveAccountDays: 1095,
          erasureNoticeDays: 30,
        },
      },
    });
    morag = await volunteerWithEverything(t.app, t.database.db, clock, mailer, {
      email: 'morag.fictional@example.org',
      name: 'Morag Fictional',
    });
    moragId = (await t.database.db
      .selectFrom('volunteers')
      .select('id')
      .where('email', '=', morag.email)
      .executeTakeFirstOrThrow())!.id;
  });
  afterAll(() => t.close());

  it('the privacy notice names who runs the service, its contact and how long things are kept', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/privacy' });
    expect(response.statusCode).toBe(200);
    expect(privacyNoticeSchema.parse(response.json())).toEqual({
      operatorName: 'Edinburgh Graffiti Trust',
      operatorEmail: 'privacy@example.org',
      retention: { signInHours: 24, inactiveAccountDays: 1095, erasureNoticeDays: 30, auditLogDays: 365 },
    });
  });

  it('every e-mail the service sends links to the privacy notice', async () => {
    const signInMail = mailer.messages.find((m) => m.subject.includes('sign-in code'))!;
    const alertMail = mailer.messages.find((m) => m.subject.includes('graffiti report'))!;
    for (const mail of [signInMail, alertMail]) {
      expect(mail.text).toContain('How we use your personal data: http://localhost:3000/privacy');
      expect(mail.html).toContain('href="http://localhost:3000/privacy"');
    }
  });

  it('a volunteer downloads one zip with every kind of row kept about them, and the photos they took', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/volunteers/me/data',
      headers: { cookie: morag.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="clean-up-edinburgh-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = await readZip(response.rawPayload);
    const data = myDataSchema.parse(JSON.parse(zip.get('my-data.json')!.toString('utf8')));
    expect(zip.get('README.txt')!.toString()).toContain('privacy@example.org');

    expect(data.profile).toMatchObject({ id: moragId, email: morag.email, name: morag.name });
    expect(data.cleanups).toHaveLength(1);
    expect(data.cleanups[0]).toMatchObject({ reportId: morag.cleanedReportId, notes: 'Cleaned by Morag Fictional' });
    expect(data.progressPhotos).toHaveLength(1);
    expect(data.cleaningNow).toEqual([expect.objectContaining({ reportId: morag.claimedReportId })]);
    expect(data.mucuAttendances).toEqual([
      expect.objectContaining({ event: 'Leith Links MUCU', notes: 'Morag Fictional brought brushes' }),
    ]);
    expect(data.achievements.map((a) => a.badgeType).sort()).toEqual(['first_cleanup', 'first_mucu']);
    expect(data.alertChoices).toMatchObject({ push: true, email: 'instant', radiusKm: 40 });
    expect(data.alertsSent.map((a) => a.channel).sort()).toEqual(['email', 'push']);
    expect(data.alertWindows.length).toBeGreaterThan(0);
    expect(data.devices).toHaveLength(1);
    expect(data.sessions).toHaveLength(1);
    expect(data.signInEmails).toHaveLength(1);
    expect(data.administratorActions.map((a) => a.yourPart).sort()).toEqual(['about you', 'by you']);

    // Every table that can point at a volunteer holds a row of theirs, and the download shows it.
    for (const { table, column } of await volunteerColumns(t.database.db)) {
      const part = exportedAs[`${table}.${column}`];
      expect(part, `the data download does not cover ${table}.${column}`).toBeDefined();
      const rows = await t.database.db
        .selectFrom(table as 'volunteers')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(column as 'id', '=', moragId)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n), `${table}.${column} has no row for the test volunteer`).toBeGreaterThan(0);
      const shown = data[part!];
      expect(Array.isArray(shown) ? shown.length : shown, `${part} is empty`).toBeTruthy();
    }

    // The photos they took are in the zip, as the very files the service stores.
    const photoFiles = [
      data.cleanups[0]!.beforePhoto.file,
      data.cleanups[0]!.afterPhoto.file,
      data.progressPhotos[0]!.photo.file,
    ];
    for (const file of photoFiles) {
      expect(file).toMatch(/^photos\/[A-Za-z0-9_-]+\.jpg$/);
      expect(zip.get(file!)).toEqual(await t.storage.read(file!.slice('photos/'.length)));
    }
  });

  it('the download and the erasure need a volunteer signed in', async () => {
    const admin = await adminCookies(t.app);
    for (const cookies of [{}, admin]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/volunteers/me/data', cookies })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/volunteers/me', cookies })).statusCode).toBe(401);
    }
  });

  it('erasing the account leaves nothing that names the volunteer, and the totals as they were', async () => {
    const admin = await adminCookies(t.app);
    const before = {
      analytics: (await t.app.inject({ method: 'GET', url: '/api/admin/volunteer-analytics', cookies: admin })).json(),
      stats: (await t.app.inject({ method: 'GET', url: '/api/stats' })).json(),
      attendances: await t.database.db.selectFrom('mucu_attendances').select('id').execute(),
      photos: t.storedPhotos().sort(),
    };
    // Another volunteer, who must keep everything. The event Morag is going to has one place, so
    // Ewan waits for it.
    const other = await signInVolunteer(t.app, mailer, 'ewan@example.org', 'Ewan Other');
    const event = await t.database.db
      .selectFrom('mucu_events')
      .select('id')
      .where('id', '=', morag.eventId)
      .executeTakeFirstOrThrow();
    const capacity = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/mucus/${event.id}/capacity`,
      cookies: admin,
      payload: { capacity: 1 },
    });
    expect(capacity.statusCode).toBe(200);
    const waiting = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/rsvp`,
      headers: { cookie: other },
    });
    expect(waiting.json()).toMatchObject({ myRsvp: 'waiting', myWaitingPosition: 1 });

    // The progress photo they added, with the words they wrote about it.
    const theirPhotos = await t.database.db
      .selectFrom('report_photos')
      .select(['id', 'description'])
      .where('volunteer_id', '=', moragId)
      .execute();
    expect(theirPhotos.map((photo) => photo.description)).toEqual(['Halfway']);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/volunteers/me',
      headers: { cookie: morag.cookie },
    });
    expect(response.statusCode).toBe(204);
    // The photo stays with the report; what they wrote about it goes, as their notes do.
    const photosAfter = await t.database.db
      .selectFrom('report_photos')
      .select(['id', 'description', 'volunteer_id'])
      .where(
        'id',
        'in',
        theirPhotos.map((photo) => photo.id),
      )
      .execute();
    expect(photosAfter).toEqual(theirPhotos.map(({ id }) => ({ id, description: null, volunteer_id: null })));
    expect(response.cookies.find((c) => c.name === 'cue_session')?.value).toBe('');

    // Signed out everywhere: the old session no longer works.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/volunteers/auth/me',
      headers: { cookie: morag.cookie },
    });
    expect(after.statusCode).toBe(401);

    // No column points at them, and no row anywhere holds their name or address.
    for (const { table, column } of await volunteerColumns(t.database.db)) {
      const rows = await t.database.db
        .selectFrom(table as 'volunteers')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(column as 'id', '=', moragId)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n), `${table}.${column} still points at the erased volunteer`).toBe(0);
    }
    for (const [table, text] of Object.entries(await everyRowAsText(t.database.db))) {
      expect(text.toLowerCase(), `${table} still names the erased volunteer`).not.toContain('morag');
    }

    // The city's totals count their work still (Ewan joined and Morag left: the same head count).
    const analytics = (
      await t.app.inject({ method: 'GET', url: '/api/admin/volunteer-analytics', cookies: admin })
    ).json();
    expect(analytics.totalSitesCleaned).toBe(before.analytics.totalSitesCleaned);
    expect(analytics.totalMinutes).toBe(before.analytics.totalMinutes);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats' })).json();
    expect(stats.cleanups).toBe(before.stats.cleanups);
    expect(stats.totalMinutes).toBe(before.stats.totalMinutes);
    expect(stats.reports.total).toBe(before.stats.reports.total);
    expect(stats.volunteers).toBe(before.stats.volunteers);
    expect(await t.database.db.selectFrom('mucu_attendances').select('id').execute()).toEqual(before.attendances);
    // The photos of their clean-ups stay with the clean-ups.
    expect(t.storedPhotos().sort()).toEqual(before.photos);
    // The site they were cleaning is back on the list for others.
    const claimed = await t.database.db
      .selectFrom('reports')
      .select(['status', 'cleaning_volunteer_id'])
      .where('id', '=', morag.claimedReportId)
      .executeTakeFirstOrThrow();
    expect(claimed).toEqual({ status: 'reported', cleaning_volunteer_id: null });

    // Their place at the event went to the first on the waiting list.
    const ewansEvent = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: { cookie: other },
    });
    expect(ewansEvent.json()).toMatchObject({ when: 'upcoming', myRsvp: 'going', going: 1, waiting: 0 });

    // Nobody else lost anything.
    const otherMe = await t.app.inject({ method: 'GET', url: '/api/volunteers/auth/me', headers: { cookie: other } });
    expect(otherMe.json()).toMatchObject({ email: 'ewan@example.org', name: 'Ewan Other' });
  });
});

describe('privacy settings from the environment', () => {
  it('default to the service itself, three years and 30 days, and refuse bad values with one line', () => {
    expect(loadConfig({}).privacy).toEqual({
      operatorName: 'Clean Up Edinburgh',
      operatorEmail: 'hello@cleanupedinburgh.org',
      inactiveAccountDays: 1095,
      erasureNoticeDays: 30,
    });
    expect(
      loadConfig({
        OPERATOR_NAME: 'City of Edinburgh Council',
        OPERATOR_EMAIL: 'dpo@example.gov.uk',
        INACTIVE_ACCOUNT_DAYS: '730',
        ERASURE_NOTICE_DAYS: '14',
      }).privacy,
    ).toEqual({
      operatorName: 'City of Edinburgh Council',
      operatorEmail: 'dpo@example.gov.uk',
      inactiveAccountDays: 730,
      erasureNoticeDays: 14,
    });
    expect(() => loadConfig({ OPERATOR_EMAIL: 'not an address' })).toThrow(
      'Configuration error: OPERATOR_EMAIL must be an e-mail address',
    );
    expect(() => loadConfig({ INACTIVE_ACCOUNT_DAYS: '7' })).toThrow(
      'Configuration error: INACTIVE_ACCOUNT_DAYS must be at least 30',
    );
    expect(() => loadConfig({ ERASURE_NOTICE_DAYS: 'soon' })).toThrow(
      'Configuration error: ERASURE_NOTICE_DAYS must be a whole number of days',
    );
  });
});
