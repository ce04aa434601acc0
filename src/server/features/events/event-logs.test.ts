// Time and bags at MUCU events through the API on each database: an attendee logs minutes and bags,
// may change them until the organiser approves, the organiser approves as logged or corrected, and
// only approved entries count on the volunteer's dashboard and in the administrators' analytics. A
// clean-up's measured time may be corrected down with a note, never above what was measured.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { alertVolunteer, type AlertVolunteer } from '#tests/alerts.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { movableClock, placeReport, type MovableClock } from '#tests/volunteers.ts';
import { adminEventLogsSchema, myEventLogsSchema } from '#shared/contracts/event-logs.ts';
import { volunteerDashboardSchema } from '#shared/contracts/volunteer-dashboard.ts';
import { volunteerAnalyticsSchema } from '#shared/contracts/analytics.ts';

describe.each(testDatabaseKinds)('time and bags on %s', (kind) => {
  let clock: MovableClock;
  let t: TestApp;
  let admin: Cookies;
  let people = 0;

  afterEach(async () => {
    await t?.close();
  });

  async function fresh(start = new Date('2026-12-05T13:00:00Z')) {
    clock = movableClock(start);
    t = await buildTestApp(kind, { clock });
    admin = await adminCookies(t.app);
  }
  const volunteer = (name: string): Promise<AlertVolunteer> =>
    alertVolunteer(t.database, clock, `${name}.${++people}@example.org`);

  async function eventAttendedBy(location: string, date: string, ...who: AlertVolunteer[]) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/mucus',
      cookies: admin,
      payload: { location, date, description: '', mapsLink: '' },
    });
    const id = (created.json() as { id: number }).id;
    for (const person of who) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/admin/mucu-attendance',
        cookies: admin,
        payload: { mucuId: id, volunteerEmail: person.email },
      });
      expect(added.statusCode).toBe(201);
    }
    return id;
  }

  const log = (who: AlertVolunteer, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/volunteers/event-logs/${id}`, cookies: who.cookies, payload });
  const entries = async (id: number) =>
    adminEventLogsSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/admin/mucus/${id}/logs`, cookies: admin })).json(),
    ).entries;
  const approve = (id: number, logId: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/mucus/${id}/logs/${logId}`, cookies: admin, payload });
  const dashboard = async (who: AlertVolunteer) =>
    volunteerDashboardSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/volunteers/dashboard', cookies: who.cookies })).json(),
    ).volunteer;
  const analytics = async () =>
    volunteerAnalyticsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/volunteer-analytics', cookies: admin })).json(),
    ).approvedEventLogs;

  it('attendees log, the organiser approves or corrects, and only approved entries count', async () => {
    await fresh();
    const [ailsa, bruce] = [await volunteer('ailsa'), await volunteer('bruce')];
    const id = await eventAttendedBy('Leith Walk', '2026-12-05T10:00:00Z', ailsa, bruce);

    expect((await log(ailsa, id, { minutes: 120, bags: 3 })).statusCode).toBe(200);
    // Changed while pending: the new figures replace the old.
    const changed = await log(ailsa, id, { minutes: 110, bags: '4', areaM2: '' });
    expect(changed.json()).toMatchObject({ entry: { status: 'pending', minutes: 110, bags: 4, areaM2: null } });
    expect((await log(bruce, id, { minutes: 90, areaM2: 25 })).statusCode).toBe(200);

    // Nothing counts before approval.
    expect(await dashboard(ailsa)).toMatchObject({ approvedEventMinutes: 0, approvedBags: 0 });
    expect(await analytics()).toEqual({ entries: 0, minutes: 0, bags: 0, areaM2: 0 });

    const [a, b] = await entries(id);
    expect(a).toMatchObject({ volunteer: { email: ailsa.email }, status: 'pending', minutes: 110, bags: 4 });
    // Approved as logged...
    expect((await approve(id, a!.id, { minutes: 110, bags: 4 })).json()).toMatchObject({
      status: 'approved',
      minutes: 110,
      bags: 4,
    });
    // ...and corrected: the logged figures are kept beside the approved ones.
    const corrected = await approve(id, b!.id, { minutes: 60, areaM2: 25 });
    expect(corrected.json()).toMatchObject({
      status: 'approved',
      minutes: 60,
      areaM2: 25,
      logged: { minutes: 90, areaM2: 25 },
    });

    expect(await dashboard(ailsa)).toMatchObject({ approvedEventMinutes: 110, approvedBags: 4, approvedAreaM2: 0 });
    expect(await dashboard(bruce)).toMatchObject({ approvedEventMinutes: 60, approvedBags: 0, approvedAreaM2: 25 });
    expect(await analytics()).toEqual({ entries: 2, minutes: 170, bags: 4, areaM2: 25 });

    // Approved entries are final for the volunteer.
    const late = await log(ailsa, id, { minutes: 300 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The organiser has approved this entry; it can no longer be changed.');
    const mine = myEventLogsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/volunteers/event-logs', cookies: ailsa.cookies })).json(),
    );
    expect(mine).toMatchObject([{ event: { id, name: 'Leith Walk MUCU' }, canLog: true, entry: { minutes: 110 } }]);
  });

  it('only attendees log, once the event has started, within sensible figures; only administrators approve', async () => {
    await fresh(new Date('2026-12-05T09:00:00Z'));
    const [cara, dougie] = [await volunteer('cara'), await volunteer('dougie')];
    const later = await eventAttendedBy('Portobello', '2026-12-05T08:00:00Z', cara);
    const upcoming = await eventAttendedBy('Granton', '2026-12-06T10:00:00Z');

    const stranger = await log(dougie, later, { minutes: 60 });
    expect(stranger.statusCode).toBe(403);
    expect((await log(cara, upcoming, { minutes: 60 })).statusCode).toBe(403);
    expect((await log(cara, later, { minutes: 0 })).statusCode).toBe(400);
    expect((await log(cara, later, { minutes: 721 })).statusCode).toBe(400);
    expect((await log(cara, later, { minutes: 30, bags: -1 })).statusCode).toBe(400);
    expect((await log(cara, later, { minutes: 30, bags: 1.5 })).statusCode).toBe(400);
    expect((await log(cara, 999_999, { minutes: 30 })).statusCode).toBe(404);

    // An attendance recorded before the start (by check-in, half an hour early) waits for the start.
    const early = await t.database.db
      .insertInto('mucu_attendances')
      .values({ mucu_id: upcoming, volunteer_id: cara.id, notes: null, created_at: clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(early.id).toBeGreaterThan(0);
    const tooSoon = await log(cara, upcoming, { minutes: 30 });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe('Time and bags can be logged once the MUCU event has started.');

    const logged = await log(cara, later, { minutes: 45, bags: 2 });
    const logId = (logged.json() as { entry: { id: number } }).entry.id;
    const byVolunteer = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/mucus/${later}/logs/${logId}`,
      cookies: cara.cookies,
      payload: { minutes: 45 },
    });
    expect(byVolunteer.statusCode).toBe(403);
    // An entry of another event is not found through this one.
    expect((await approve(upcoming, logId, { minutes: 45 })).statusCode).toBe(404);
    expect((await entries(later))[0]).toMatchObject({ status: 'pending' });
  });

  it("a clean-up's measured time is corrected down with a note, never up", async () => {
    await fresh();
    const [eilidh, fiona] = [await volunteer('eilidh'), await volunteer('fiona')];
    const reportId = await placeReport(t.database.db, { latitude: 55.95, longitude: -3.19, status: 'completed' });
    const cleanup = await t.database.db
      .insertInto('cleanups')
      .values({
        report_id: reportId,
        volunteer_id: eilidh.id,
        completed_at: '2026-12-05T12:00:00.000Z',
        minutes_worked: 50,
        before_photo_key: 'before-key',
        after_photo_key: 'after-key',
        notes: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const correct = (who: AlertVolunteer, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/volunteers/cleanups/${cleanup.id}/time`,
        cookies: who.cookies,
        payload,
      });

    const up = await correct(eilidh, { minutes: 51, note: 'More' });
    expect(up.statusCode).toBe(422);
    expect(up.json().message).toBe(
      'The time can only be corrected down: at most the 50 minutes measured from claim to completion.',
    );
    expect((await correct(eilidh, { minutes: 20 })).statusCode).toBe(400);
    expect((await correct(fiona, { minutes: 20, note: 'Mine' })).statusCode).toBe(404);

    expect((await correct(eilidh, { minutes: 30, note: 'Claimed it before I left home' })).json()).toEqual({
      id: cleanup.id,
      minutes: 30,
      measuredMinutes: 50,
      note: 'Claimed it before I left home',
    });
    // Back up to the measured time is fine; past it is not, however often corrected.
    expect((await correct(eilidh, { minutes: 50, note: 'No, it was right' })).statusCode).toBe(200);
    expect((await correct(eilidh, { minutes: 51, note: 'x' })).statusCode).toBe(422);
    await correct(eilidh, { minutes: 35, note: 'A tea break' });

    const board = volunteerDashboardSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/volunteers/dashboard', cookies: eilidh.cookies })).json(),
    );
    expect(board.volunteer.totalHours).toBe(35);
    expect(board.cleanupRecords[0]).toMatchObject({ hoursWorked: 35, measuredMinutes: 50, timeNote: 'A tea break' });
  });
});
