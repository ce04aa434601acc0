import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { dailyProgressSchema, volunteerAnalyticsSchema } from '#shared/contracts/analytics.ts';

/** A clock the test moves; sessions are made at its time too. */
function movableClock(start: string) {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), set: (iso: string) => (now = new Date(iso).getTime()) };
}

describe.each(testDatabaseKinds)('administrator analytics on %s', (kind) => {
  let t: TestApp;
  let admin: Cookies;
  const clock = movableClock('2026-10-26T12:00:00.000Z');
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set('2026-10-26T12:00:00.000Z');
    admin = await adminCookies(t.app);
    await t.database.db.deleteFrom('reports').execute();
    await t.database.db.deleteFrom('volunteers').execute();
  });

  async function report(reportedAt: string) {
    return t.database.db
      .insertInto('reports')
      .values({
        what3words: 'index.home.raft',
        description: null,
        photo_key: 'k',
        status: 'reported',
        reported_at: reportedAt,
        updated_at: reportedAt,
        words_scheme: 'grid',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A report completed by an administrator's status change: a site cleaned with no clean-up recorded. */
  async function completed(reportId: number, completedAt: string) {
    await t.database.db
      .updateTable('reports')
      .set({ status: 'completed', completed_at: completedAt })
      .where('id', '=', reportId)
      .execute();
  }

  /** A volunteer's clean-up with photos, which completes its report as the find workflow does. */
  async function cleanup(reportId: number, completedAt: string, minutes: number, volunteerId: number | null) {
    await completed(reportId, completedAt);
    await t.database.db
      .insertInto('cleanups')
      .values({
        report_id: reportId,
        volunteer_id: volunteerId,
        completed_at: completedAt,
        minutes_worked: minutes,
        before_photo_key: 'b',
        after_photo_key: 'a',
        notes: null,
      })
      .execute();
  }

  const get = (url: string, cookies: Cookies | null = admin) =>
    t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });

  describe('GET /api/admin/volunteer-analytics', () => {
    it('answers totalVolunteers and each volunteer with sites and minutes computed from clean-ups', async () => {
      const busy = (await volunteerSession(t.database, 'busy@example.org')).volunteerId;
      const idle = (await volunteerSession(t.database, 'idle@example.org')).volunteerId;
      await t.database.db
        .updateTable('volunteers')
        .set({ name: 'Busy Bee', joined_at: '2026-09-01T08:00:00.000Z', last_active_at: '2026-10-01T08:00:00.000Z' })
        .where('id', '=', busy)
        .execute();
      const r1 = await report('2026-10-20T10:00:00.000Z');
      const r2 = await report('2026-10-21T10:00:00.000Z');
      const r3 = await report('2026-10-22T10:00:00.000Z');
      await cleanup(r1.id, '2026-10-20T12:00:00.000Z', 90, busy);
      await cleanup(r2.id, '2026-10-21T12:00:00.000Z', 45, busy);
      await cleanup(r3.id, '2026-10-22T12:00:00.000Z', 20, null); // 'Skip': no volunteer

      const response = await get('/api/admin/volunteer-analytics');
      expect(response.statusCode).toBe(200);
      const analytics = volunteerAnalyticsSchema.parse(response.json());
      expect(analytics.totalVolunteers).toBe(2);
      expect(analytics.totalSitesCleaned).toBe(3);
      expect(analytics.volunteerCleanups).toBe(3);
      expect(analytics.totalMinutes).toBe(155);
      expect(analytics.volunteers).toEqual([
        {
          id: busy,
          name: 'Busy Bee',
          email: 'busy@example.org',
          joinedAt: '2026-09-01T08:00:00.000Z',
          lastActiveAt: '2026-10-21T12:00:00.000Z',
          sitesCompleted: 2,
          totalHours: 135,
          active: true,
        },
        expect.objectContaining({
          id: idle,
          email: 'idle@example.org',
          lastActiveAt: null,
          sitesCompleted: 0,
          totalHours: 0,
          active: false,
        }),
      ]);
    });

    it("counts every completed report as a site cleaned, with the volunteers' clean-ups beside it", async () => {
      const volunteer = (await volunteerSession(t.database, 'ailsa@example.org')).volunteerId;
      const reports = [];
      for (let i = 0; i < 6; i++) reports.push(await report(`2026-10-2${i}T10:00:00.000Z`));
      // Three completed by an administrator's status change, one by a volunteer, two still open.
      await completed(reports[0]!.id, '2026-10-25T09:00:00.000Z');
      await completed(reports[1]!.id, '2026-10-25T10:00:00.000Z');
      await completed(reports[2]!.id, '2026-10-26T09:00:00.000Z');
      await cleanup(reports[3]!.id, '2026-10-26T10:00:00.000Z', 30, volunteer);

      const analytics = volunteerAnalyticsSchema.parse((await get('/api/admin/volunteer-analytics')).json());
      expect(analytics).toMatchObject({ totalSitesCleaned: 4, volunteerCleanups: 1, totalMinutes: 30 });
      const days = dailyProgressSchema.parse((await get('/api/admin/daily-progress')).json());
      expect(days.slice(0, 2)).toEqual([
        { date: '2026-10-26', reportsCount: 0, cleanupsCount: 2, volunteerCleanupsCount: 1 },
        { date: '2026-10-25', reportsCount: 1, cleanupsCount: 2, volunteerCleanupsCount: 0 },
      ]);
    });

    it('with no volunteers answers an empty list', async () => {
      const analytics = volunteerAnalyticsSchema.parse((await get('/api/admin/volunteer-analytics')).json());
      expect(analytics).toEqual({
        totalVolunteers: 0,
        volunteers: [],
        totalSitesCleaned: 0,
        volunteerCleanups: 0,
        totalMinutes: 0,
        approvedEventLogs: { entries: 0, minutes: 0, bags: 0, areaM2: 0 },
        priorityReports: { total: 0, open: 0, waitedOver24Hours: 0 },
      });
    });

    it('counts the priority reports that waited more than 24 hours, open or cleaned late', async () => {
      const now = clock.now().getTime();
      const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
      const rows = [
        { reported: ago(30), completed: null, priority: 1 }, // open, 30 hours on: waited
        { reported: ago(10), completed: null, priority: 1 }, // open, 10 hours: not yet
        { reported: ago(60), completed: ago(20), priority: 1 }, // cleaned after 40 hours: waited
        { reported: ago(60), completed: ago(50), priority: 1 }, // cleaned after 10 hours
        { reported: ago(60), completed: null, priority: 0 }, // ordinary: not counted
      ];
      for (const [i, row] of rows.entries()) {
        await t.database.db
          .insertInto('reports')
          .values({
            what3words: 'index.home.raft',
            description: null,
            photo_key: `priority${i}`,
            status: row.completed ? 'completed' : 'reported',
            reported_at: row.reported,
            updated_at: row.reported,
            completed_at: row.completed,
            latitude: null,
            longitude: null,
            location_source: null,
            words_scheme: 'grid',
            priority: row.priority,
          })
          .execute();
      }
      const analytics = volunteerAnalyticsSchema.parse((await get('/api/admin/volunteer-analytics')).json());
      expect(analytics.priorityReports).toEqual({ total: 4, open: 2, waitedOver24Hours: 2 });
    });
  });

  describe('GET /api/admin/daily-progress', () => {
    it('counts by Europe/London calendar day across the change back to GMT on 25 October 2026', async () => {
      // 22:59Z on the 24th is 23:59 BST (the 24th); 23:30Z is 00:30 BST on the 25th; clocks go back
      // at 01:00Z, so 23:30Z on the 25th is 23:30 GMT (still the 25th); 00:10Z on the 26th is the 26th.
      const instants = [
        '2026-10-24T22:59:00.000Z',
        '2026-10-24T23:30:00.000Z',
        '2026-10-25T00:30:00.000Z',
        '2026-10-25T23:30:00.000Z',
        '2026-10-26T00:10:00.000Z',
      ];
      const reports = [];
      for (const at of instants) reports.push(await report(at));
      await cleanup(reports[0]!.id, '2026-10-24T23:15:00.000Z', 10, null); // 00:15 BST on the 25th
      await cleanup(reports[1]!.id, '2026-10-25T23:59:00.000Z', 10, null); // 23:59 GMT on the 25th

      const response = await get('/api/admin/daily-progress');
      expect(response.statusCode).toBe(200);
      expect(dailyProgressSchema.parse(response.json())).toEqual([
        { date: '2026-10-26', reportsCount: 1, cleanupsCount: 0, volunteerCleanupsCount: 0 },
        { date: '2026-10-25', reportsCount: 3, cleanupsCount: 2, volunteerCleanupsCount: 2 },
        { date: '2026-10-24', reportsCount: 1, cleanupsCount: 0, volunteerCleanupsCount: 0 },
      ]);
    });

    it('shows the last 30 days, today included, newest first, with no day missing or doubled over the clock change', async () => {
      clock.set('2026-11-21T09:00:00.000Z');
      admin = await adminCookies(t.app);
      await report('2026-08-01T10:00:00.000Z'); // long before the window
      await report('2026-10-23T00:30:00.000Z'); // 01:30 BST: the window's first day
      await report('2026-10-22T22:30:00.000Z'); // 23:30 BST on the 22nd: just outside
      await report('2026-11-21T08:00:00.000Z'); // today

      const rows = dailyProgressSchema.parse((await get('/api/admin/daily-progress')).json());
      expect(rows).toHaveLength(30);
      expect(rows[0]).toEqual({ date: '2026-11-21', reportsCount: 1, cleanupsCount: 0, volunteerCleanupsCount: 0 });
      expect(rows.at(-1)).toEqual({ date: '2026-10-23', reportsCount: 1, cleanupsCount: 0, volunteerCleanupsCount: 0 });
      expect(new Set(rows.map((r) => r.date)).size).toBe(30);
      expect(rows.reduce((sum, r) => sum + r.reportsCount, 0)).toBe(2);
    });

    it('starts at the first report, and is empty before there is any', async () => {
      expect(dailyProgressSchema.parse((await get('/api/admin/daily-progress')).json())).toEqual([]);
      await report('2026-10-25T09:00:00.000Z');
      expect(dailyProgressSchema.parse((await get('/api/admin/daily-progress')).json())).toEqual([
        { date: '2026-10-26', reportsCount: 0, cleanupsCount: 0, volunteerCleanupsCount: 0 },
        { date: '2026-10-25', reportsCount: 1, cleanupsCount: 0, volunteerCleanupsCount: 0 },
      ]);
    });
  });

  describe('GET /api/admin/daily-progress/export', () => {
    it('is a CSV attachment of every day since the first report, today included, named with the date', async () => {
      clock.set('2026-11-21T09:00:00.000Z');
      admin = await adminCookies(t.app);
      const first = await report('2026-09-20T10:00:00.000Z');
      await report('2026-10-25T00:30:00.000Z'); // 01:30 BST on the 25th
      await report('2026-10-25T12:00:00.000Z');
      await report('2026-10-25T12:30:00.000Z');
      await cleanup(first.id, '2026-10-25T13:00:00.000Z', 60, null);

      const response = await get('/api/admin/daily-progress/export');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="daily-progress-2026-11-21.csv"');
      const lines = response.body.split('\r\n');
      expect(lines.at(-1)).toBe('');
      lines.pop();
      expect(lines[0]).toBe('Date,Sites Reported,Sites Cleaned,Clean-ups With Photos,Progress (%)');
      // 20 September to 21 November: 11 + 31 + 21 days.
      expect(lines).toHaveLength(1 + 63);
      expect(lines[1]).toBe('2026-09-20,1,0,0,0');
      expect(lines).toContain('2026-10-25,3,1,1,33');
      expect(lines.at(-1)).toBe('2026-11-21,0,0,0,0');
    });

    it('with no reports is the header alone', async () => {
      const response = await get('/api/admin/daily-progress/export');
      expect(response.body).toBe('Date,Sites Reported,Sites Cleaned,Clean-ups With Photos,Progress (%)\r\n');
    });
  });

  it('every analytics call is for administrators only', async () => {
    const volunteer = (await volunteerSession(t.database, 'curious@example.org')).cookies;
    for (const url of [
      '/api/admin/volunteer-analytics',
      '/api/admin/daily-progress',
      '/api/admin/daily-progress/export',
    ]) {
      expect((await get(url, volunteer)).statusCode).toBe(403);
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});
