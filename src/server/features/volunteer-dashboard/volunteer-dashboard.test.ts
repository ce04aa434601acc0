import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { keepingMailer, movableClock, placeReport, signInVolunteer } from '#tests/volunteers.ts';
import { volunteerDashboardSchema } from '#shared/contracts/volunteer-dashboard.ts';

const MINUTE = 60_000;

describe.each(testDatabaseKinds)('GET /api/volunteers/dashboard on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-11-21T09:00:00Z'));
  const mailer = keepingMailer();
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, mailer, limits: { signInRequestsPerClient: 1000 } });
  });
  afterAll(() => t.close());

  const dashboard = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/volunteers/dashboard', headers: cookie ? { cookie } : {} });

  async function cleanSite(cookie: string, email: string, what3words: string, minutes: number) {
    const id = await placeReport(t.database.db, { latitude: 55.95, longitude: -3.19, what3words });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status: 'cleaning' },
      headers: { cookie },
    });
    clock.advance(minutes * MINUTE);
    const photo = { data: await plainJpeg(), name: 'p.jpg', type: 'image/jpeg' };
    const { payload, headers } = await multipartBody(
      { reportId: String(id), volunteerEmail: email, notes: 'Two coats' },
      { beforePhoto: photo, afterPhoto: photo },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cleanup/complete',
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return id;
  }

  it('a new volunteer has an empty dashboard', async () => {
    const cookie = await signInVolunteer(t.app, mailer, 'new@example.org');
    const response = await dashboard(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(volunteerDashboardSchema.parse(response.json())).toEqual({
      volunteer: {
        id: expect.any(Number),
        email: 'new@example.org',
        name: null,
        joinedAt: clock.now().toISOString(),
        lastActiveAt: clock.now().toISOString(),
        sitesCompleted: 0,
        totalHours: 0,
        approvedEventMinutes: 0,
        approvedBags: 0,
        approvedAreaM2: 0,
      },
      cleanupRecords: [],
      mucuAttendances: [],
      achievements: [],
    });
  });

  it('shows the volunteer, totals computed from their clean-ups, each clean-up with its site and photos, attendances and achievements', async () => {
    const cookie = await signInVolunteer(t.app, mailer, 'morag@example.org', 'Morag');
    const first = await cleanSite(cookie, 'morag@example.org', 'rally.census.refuse', 50);
    const second = await cleanSite(cookie, 'morag@example.org', 'bleak.exhaust.jewel', 95);
    // Someone else's clean-up and a skipped one do not count for Morag.
    const other = await signInVolunteer(t.app, mailer, 'other@example.org');
    await cleanSite(other, 'other@example.org', 'rely.rocket.bag', 30);
    await cleanSite(cookie, '', 'conduct.snap.radio', 20);

    const volunteer = await t.database.db
      .selectFrom('volunteers')
      .select('id')
      .where('email', '=', 'morag@example.org')
      .executeTakeFirstOrThrow();
    const event = await t.database.db
      .insertInto('mucu_events')
      .values({
        name: 'Leith Walk MUCU',
        location: 'Leith Walk',
        date: '2026-11-14T10:00:00.000Z',
        description: 'Bring gloves',
        maps_link: 'https://maps.example/leith',
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('mucu_attendances')
      .values({
        mucu_id: event.id,
        volunteer_id: volunteer.id,
        notes: 'Led the paint team',
        created_at: clock.now().toISOString(),
      })
      .execute();

    const body = volunteerDashboardSchema.parse((await dashboard(cookie)).json());
    expect(body.volunteer).toMatchObject({
      email: 'morag@example.org',
      name: 'Morag',
      sitesCompleted: 2,
      totalHours: 145,
    });
    expect(body.cleanupRecords.map((c) => c.reportId)).toEqual([second, first]);
    expect(body.cleanupRecords[0]).toMatchObject({
      hoursWorked: 95,
      notes: 'Two coats',
      report: {
        id: second,
        what3words: 'bleak.exhaust.jewel',
        locationLink: expect.stringContaining('openstreetmap.org'),
      },
    });
    for (const record of body.cleanupRecords) {
      expect(record.beforePhotoUrl).toMatch(/^\/photos\/[A-Za-z0-9_-]+\.jpg$/);
      expect((await t.app.inject({ method: 'GET', url: record.afterPhotoUrl })).statusCode).toBe(200);
    }
    expect(body.mucuAttendances).toEqual([
      {
        id: expect.any(Number),
        notes: 'Led the paint team',
        mucu: {
          id: event.id,
          name: 'Leith Walk MUCU',
          date: '2026-11-14T10:00:00.000Z',
          location: 'Leith Walk',
          description: 'Bring gloves',
          mapsLink: 'https://maps.example/leith',
        },
      },
    ]);
    expect(body.achievements.map((a) => a.badgeType)).toEqual(['first_cleanup']);
  });

  it('is refused to visitors and to an administrator who is not signed in as a volunteer', async () => {
    expect((await dashboard()).statusCode).toBe(401);
    const adminAuth = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: TEST_ADMIN_PASSCODE },
    });
    const admin = `cue_admin=${adminAuth.cookies.find((c) => c.name === 'cue_admin')!.value}`;
    const response = await dashboard(admin);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in as a volunteer to continue.');
  });
});
