// Service levels: each report is due from the moment it is reported, offensive graffiti 24 hours later,
// other graffiti at the end of the fifth Scottish working day after the day it was reported. The
// management list shows the due time, sorts by it and filters the overdue ones.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { reportPageSchema, reportSchema, type ReportPageQuery } from '#shared/contracts/reports.ts';

describe.each(testDatabaseKinds)('service levels on %s', (kind) => {
  let t: TestApp;
  let admin: Cookies;
  let now = new Date('2026-06-01T09:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock: { now: () => now } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  let n = 0;
  /** A report made through the public form at `at`. */
  async function reportAt(at: string, offensive = false): Promise<number> {
    now = new Date(at);
    n += 1;
    const { payload, headers } = await multipartBody(
      { what3words: `bleak.exhaust.jewel${n}`.replace(/\d+$/, ''), offensive: String(offensive) },
      { photo: { data: await plainJpeg(), name: 'graffiti.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload,
      headers,
      remoteAddress: `198.51.100.${n % 250}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return reportSchema.parse(response.json()).id;
  }

  async function pageOf(query: ReportPageQuery) {
    // The administrator signs in at the test's time: a session from months before has ended.
    admin = await adminCookies(t.app);
    const response = await t.app.inject({ method: 'GET', url: urlOf('/api/reports', {}, query), cookies: admin });
    expect(response.statusCode, response.body).toBe(200);
    return reportPageSchema.parse(response.json());
  }
  const dueOf = async (id: number) =>
    (await pageOf({ status: 'all', limit: 200 })).reports.find((r) => r.id === id)!.dueAt;

  it('gives other graffiti reported on a Friday afternoon until the end of the next Friday', async () => {
    // Friday 12 June 2026, 14:00 BST: Monday to Friday of the next week are the five working days,
    // so it is due at midnight BST as Saturday 20 June begins.
    const id = await reportAt('2026-06-12T13:00:00Z');
    expect(await dueOf(id)).toBe('2026-06-19T23:00:00.000Z');
  });

  it("skips St Andrew's Day, a public holiday in Scotland", async () => {
    // Wednesday 25 November 2026: Thursday 26, Friday 27, (the weekend, Monday 30 November is St
    // Andrew's Day), Tuesday 1, Wednesday 2, Thursday 3 December: due as Friday 4 December begins (GMT).
    const id = await reportAt('2026-11-25T10:00:00Z');
    expect(await dueOf(id)).toBe('2026-12-04T00:00:00.000Z');
  });

  it('counts days on the city clock across the change back to GMT', async () => {
    // Friday 23 October 2026 (BST); the clocks go back on Sunday 25: due as Saturday 31 October
    // begins, which is midnight GMT, not 23:00 GMT as it would be in summer time.
    const other = await reportAt('2026-10-23T10:00:00Z');
    expect(await dueOf(other)).toBe('2026-10-31T00:00:00.000Z');
    // Offensive graffiti on the Saturday at 10:00 BST is due 24 hours later: 09:00 GMT on the Sunday.
    const offensive = await reportAt('2026-10-24T09:00:00Z', true);
    expect(await dueOf(offensive)).toBe('2026-10-25T09:00:00.000Z');
  });

  it('moves the due time when an administrator marks a report offensive', async () => {
    const id = await reportAt('2026-06-12T13:00:00Z');
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${id}/priority`,
      payload: { priority: true },
      cookies: await adminCookies(t.app),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await dueOf(id)).toBe('2026-06-13T13:00:00.000Z');
  });

  it('sorts by due time and filters the overdue reports, which change as time passes', async () => {
    const other = await reportAt('2026-06-08T09:00:00Z'); // Monday: due 2026-06-15T23:00Z
    const offensive = await reportAt('2026-06-10T09:00:00Z', true); // due 2026-06-11T09:00Z
    const later = await reportAt('2026-06-11T08:00:00Z'); // Thursday: due 2026-06-18T23:00Z
    const sorted = await pageOf({ sort: 'due-soonest', limit: 2 });
    expect(sorted.reports.map((r) => r.id)).toEqual([offensive, other]);
    const rest = await pageOf({ sort: 'due-soonest', limit: 2, cursor: sorted.nextCursor! });
    expect(rest.reports.map((r) => [r.id, r.position])).toEqual([[later, 3]]);

    now = new Date('2026-06-11T08:59:00Z');
    expect((await pageOf({ overdue: '1' })).total).toBe(0);
    now = new Date('2026-06-11T09:01:00Z');
    const overdue = await pageOf({ overdue: '1' });
    expect(overdue.reports.map((r) => r.id)).toEqual([offensive]);
    now = new Date('2026-06-16T00:00:00Z');
    expect((await pageOf({ overdue: '1', sort: 'due-soonest' })).reports.map((r) => r.id)).toEqual([offensive, other]);

    // A cleaned report is no longer overdue.
    await t.database.db
      .updateTable('reports')
      .set({ status: 'completed', completed_at: '2026-06-15T12:00:00.000Z' })
      .where('id', '=', offensive)
      .execute();
    expect((await pageOf({ overdue: '1' })).reports.map((r) => r.id)).toEqual([other]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/export?overdue=1',
      cookies: await adminCookies(t.app),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(2);
  });
});
