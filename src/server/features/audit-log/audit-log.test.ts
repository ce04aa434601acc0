import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { submitReport } from '#tests/alerts.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { sessionTag } from '#server/plugins/audit.ts';
import { auditLogResponseSchema, type AuditEntry } from '#shared/contracts/audit-log.ts';
import { AUDIT_ACTIONS } from '#shared/domain/audit-actions.ts';

/** A MUCU event date a week ahead, so the event is still upcoming and takes answers. */
const nextWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

describe.each(testDatabaseKinds)('the audit log of administrator actions on %s', (kind) => {
  let t: TestApp;
  let admin: Cookies;
  beforeAll(async () => {
    t = await buildTestApp(kind, { limits: { reportSubmissionsPerHour: 1000 } });
    admin = await adminCookies(t.app);
  });
  afterAll(() => t.close());

  const entries = async (query = ''): Promise<AuditEntry[]> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, cookies: admin });
    expect(response.statusCode).toBe(200);
    return auditLogResponseSchema.parse(response.json()).entries;
  };

  it('records who did what and when: status changes, edits, deletions, attendance, renumbering and events', async () => {
    const first = await submitReport(t.app, { what3words: 'rally.census.refuse' });
    const second = await submitReport(t.app, { what3words: 'multiply.recipe.sadness' });
    const call = (method: string, url: string, payload?: object) =>
      t.app.inject({ method: method as 'POST', url, cookies: admin, ...(payload ? { payload } : {}) });

    expect((await call('PATCH', `/api/reports/${first.id}/status`, { status: 'completed' })).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/reports/${first.id}`, { what3words: 'rally.census.refuse', description: 'Red tag' }))
        .statusCode,
    ).toBe(200);
    const event = await call('POST', '/api/mucus', {
      location: 'Leith Walk',
      date: '2026-11-20T10:00:00Z',
      mapsLink: null,
    });
    const eventId = event.json().id;
    expect(
      (
        await call('PUT', `/api/admin/mucus/${eventId}`, {
          location: 'Leith Links',
          date: '2026-11-21T10:00:00Z',
          mapsLink: null,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/admin/mucu-attendance', {
          mucuId: eventId,
          volunteerEmail: 'isla@example.org',
          notes: null,
          registerNewVolunteer: true,
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('DELETE', `/api/reports/${second.id}`)).statusCode).toBe(204);
    expect((await call('POST', '/api/admin/renumber-reports')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/mucus/${eventId}`)).statusCode).toBe(204);

    const log = await entries();
    expect(log.map((entry) => entry.action)).toEqual([
      'event.delete',
      'report.renumber',
      'report.delete',
      'attendance.add',
      'event.edit',
      'event.create',
      'report.edit',
      'report.status',
      'admin.sign-in',
    ]);
    const tag = sessionTag(admin.cue_admin!);
    for (const entry of log) {
      expect(entry.actor).toEqual({ session: tag, email: null });
      expect(entry.summary).toBe(AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS]);
      expect(Date.parse(entry.at)).not.toBeNaN();
    }
    const byAction = Object.fromEntries(log.map((entry) => [entry.action, entry]));
    expect(byAction['report.status']).toMatchObject({
      target: { type: 'report', id: String(first.id) },
      detail: { status: 'completed' },
    });
    expect(byAction['report.edit']!.detail).toEqual({ what3words: 'rally.census.refuse', description: 'Red tag' });
    expect(byAction['report.delete']!.target).toEqual({ type: 'report', id: String(second.id) });
    expect(byAction['attendance.add']).toMatchObject({
      target: { type: 'event', id: String(eventId) },
      subjectEmail: 'isla@example.org',
    });
    expect(byAction['report.renumber']!.detail).toEqual({ renumbered: 1 });
    expect(byAction['event.create']!.target).toEqual({ type: 'event', id: String(eventId) });
  });

  it('records priority marks, places at an event, attendance from the list, CSV downloads and sign-ins', async () => {
    const { id } = await submitReport(t.app, { what3words: 'protect.elevator.myth' });
    const call = (method: string, url: string, payload?: object, cookies = admin) =>
      t.app.inject({ method: method as 'POST', url, cookies, ...(payload ? { payload } : {}) });
    expect((await call('PUT', `/api/admin/reports/${id}/priority`, { priority: true })).statusCode).toBe(200);
    const event = await call('POST', '/api/mucus', { location: 'Leith Links', date: nextWeek() });
    const eventId = event.json().id as number;
    expect((await call('PUT', `/api/admin/mucus/${eventId}/capacity`, { capacity: 12 })).statusCode).toBe(200);
    const coming = await volunteerSession(t.database, 'morven@example.org');
    expect((await call('PUT', `/api/events/${eventId}/rsvp`, undefined, coming.cookies)).statusCode).toBe(200);
    const recorded = await call('POST', `/api/admin/mucus/${eventId}/attendance`, {
      volunteerIds: [coming.volunteerId],
    });
    expect(recorded.json()).toEqual({ recorded: 1, alreadyRecorded: 0 });
    expect((await call('GET', '/api/admin/reports/export?status=reported&q=elevator')).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/daily-progress/export')).statusCode).toBe(200);
    const second = await adminCookies(t.app, '192.0.2.77');

    const [signIn, progress, reports, attendance, capacity, , priority] = await entries();
    expect(priority).toMatchObject({
      action: 'report.priority',
      target: { type: 'report', id: String(id) },
      detail: { priority: true },
    });
    expect(capacity).toMatchObject({
      action: 'event.capacity',
      target: { type: 'event', id: String(eventId) },
      detail: { capacity: 12 },
    });
    expect(attendance).toMatchObject({
      action: 'attendance.add',
      target: { type: 'event', id: String(eventId) },
      subjectEmail: 'morven@example.org',
      detail: { from: 'list' },
    });
    expect(reports).toMatchObject({ action: 'report.export', detail: { status: 'reported', q: 'elevator' } });
    expect(progress).toMatchObject({ action: 'daily-progress.export' });
    for (const entry of [priority, capacity, attendance, reports, progress])
      expect(entry!.actor).toEqual({ session: sessionTag(admin.cue_admin!), email: null });
    // A sign-in is told apart by the session it started.
    expect(signIn).toMatchObject({ action: 'admin.sign-in', actor: { session: sessionTag(second.cue_admin!) } });
    for (const entry of [signIn, progress, reports, attendance, capacity, priority])
      expect(entry!.summary).toBe(AUDIT_ACTIONS[entry!.action as keyof typeof AUDIT_ACTIONS]);
  });

  it('a change, download or sign-in whose entry cannot be written does not happen', async () => {
    const { id } = await submitReport(t.app, { what3words: 'use.bread.pipe' });
    const call = (method: string, url: string, payload?: object, cookies = admin) =>
      t.app.inject({ method: method as 'POST', url, cookies, ...(payload ? { payload } : {}) });
    const event = await call('POST', '/api/mucus', { location: 'Portobello', date: nextWeek() });
    const eventId = event.json().id as number;
    const coming = await volunteerSession(t.database, 'eilidh@example.org');
    expect((await call('PUT', `/api/events/${eventId}/rsvp`, undefined, coming.cookies)).statusCode).toBe(200);
    const adminSessions = async () =>
      (await t.database.db.selectFrom('sessions').select('id_hash').where('kind', '=', 'admin').execute()).length;
    const sessionsBefore = await adminSessions();

    const { db } = t.database;
    await sql`alter table audit_log rename to audit_log_away`.execute(db);
    try {
      expect((await call('PUT', `/api/admin/reports/${id}/priority`, { priority: true })).statusCode).toBe(500);
      expect((await call('PUT', `/api/admin/mucus/${eventId}/capacity`, { capacity: 3 })).statusCode).toBe(500);
      const attendance = await call('POST', `/api/admin/mucus/${eventId}/attendance`, {
        volunteerIds: [coming.volunteerId],
      });
      expect(attendance.statusCode).toBe(500);
      for (const url of ['/api/admin/reports/export', '/api/admin/daily-progress/export']) {
        const download = await call('GET', url);
        expect(download.statusCode, url).toBe(500);
        expect(download.headers['content-disposition'], url).toBeUndefined();
      }
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/admin/auth',
        payload: { passcode: TEST_ADMIN_PASSCODE },
        remoteAddress: '192.0.2.78',
      });
      expect(signIn.statusCode).toBe(500);
      expect(signIn.cookies.find((c) => c.name === 'cue_admin')).toBeUndefined();
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db);
    }
    const report = await db.selectFrom('reports').select('priority').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(report.priority)).toBe(0);
    const row = await db
      .selectFrom('mucu_events')
      .select('capacity')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row.capacity).toBeNull();
    expect(await db.selectFrom('mucu_attendances').select('id').where('mucu_id', '=', eventId).execute()).toEqual([]);
    expect(await adminSessions()).toBe(sessionsBefore);
  });

  it("names the volunteer an administrator is signed in as, and leaves volunteers' own actions out", async () => {
    const { id } = await submitReport(t.app, { what3words: 'aisle.zone.lens' });
    const volunteer = await volunteerSession(t.database, 'rowan@example.org');
    const before = (await entries()).length;
    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      cookies: volunteer.cookies,
      payload: { status: 'cleaning' },
    });
    expect(own.statusCode).toBe(200);
    expect(await entries()).toHaveLength(before);

    const both = { ...admin, ...volunteer.cookies };
    await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      cookies: both,
      payload: { status: 'reported' },
    });
    const [latest] = await entries();
    expect(latest).toMatchObject({ action: 'report.status', actor: { email: 'rowan@example.org' } });
  });

  it('records nothing for a refused change', async () => {
    const before = (await entries()).length;
    const refused = await t.app.inject({ method: 'DELETE', url: '/api/reports/999999', cookies: admin });
    expect(refused.statusCode).toBe(404);
    expect(await entries()).toHaveLength(before);
  });

  it('is read a page at a time, newest first', async () => {
    const all = await entries('?limit=200');
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=3', cookies: admin });
    const { entries: firstPage, nextBefore } = auditLogResponseSchema.parse(page.json());
    expect(firstPage).toEqual(all.slice(0, 3));
    expect(nextBefore).toBe(all[2]!.id);
    expect(await entries(`?limit=3&before=${nextBefore}`)).toEqual(all.slice(3, 6));
  });
});
