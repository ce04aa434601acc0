// The administrators' map on each database: only administrators may ask (checked on the server);
// every status and priority, filtered by status, priority and the days reported; clusters that break
// apart as the map zooms in, their counts the heat layer's weights; a bounded answer; and a clear
// refusal for a view or a range that is not one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { keepingMailer, movableClock, placeReport, signInVolunteer } from '#tests/volunteers.ts';
import { adminMapViewSchema, type AdminMapView } from '#shared/contracts/report-map.ts';
import { ADMIN_MAP_MAX_FEATURES } from './admin-map.service.ts';

const WAVERLEY = { latitude: 55.9521, longitude: -3.1893 };
const CLOSE = 'bbox=-3.2,55.94,-3.17,55.96&zoom=20';
const CITY = 'bbox=-3.45,55.85,-3.0,56.0&zoom=10';

describe.each(testDatabaseKinds)("the administrators' map on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  const mailer = keepingMailer();

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock: movableClock(new Date('2026-11-21T10:00:00Z')), mailer });
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: TEST_ADMIN_PASSCODE },
    });
    admin = `cue_admin=${auth.cookies.find((c) => c.name === 'cue_admin')!.value}`;
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  const ask = (query: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/map?${query}`, headers: cookie ? { cookie } : {} });
  async function view(query: string): Promise<AdminMapView> {
    const answer = await ask(query);
    expect(answer.statusCode, answer.body).toBe(200);
    return adminMapViewSchema.parse(answer.json());
  }
  const idsOf = (answer: AdminMapView) =>
    answer.features.flatMap((feature) => (feature.kind === 'site' ? [feature.id] : [])).sort((a, b) => a - b);
  /** `n` metres east of Waverley, so sites stand apart at a close zoom. */
  const east = (n: number) => ({ latitude: WAVERLEY.latitude, longitude: WAVERLEY.longitude + n / 62_500 });

  it('answers administrators only: visitors and volunteers are refused', async () => {
    expect((await ask(CLOSE, '')).statusCode).toBe(401);
    const volunteer = await signInVolunteer(t.app, mailer, 'not-an-admin@example.org');
    expect([401, 403]).toContain((await ask(CLOSE, volunteer)).statusCode);
    expect((await ask(CLOSE)).statusCode).toBe(200);
  });

  it('shows every status, including sites cleaned long ago, and filters by status and priority', async () => {
    const reported = await placeReport(t.database.db, { ...east(0), status: 'reported' });
    const cleaning = await placeReport(t.database.db, { ...east(100), status: 'cleaning' });
    const completed = await placeReport(t.database.db, {
      ...east(200),
      status: 'completed',
      reportedAt: '2024-01-10T09:00:00.000Z',
    });
    const priority = await placeReport(t.database.db, { ...east(300) });
    await t.database.db.updateTable('reports').set({ priority: 1 }).where('id', '=', priority).execute();

    expect(idsOf(await view(CLOSE))).toEqual([reported, cleaning, completed, priority]);
    expect(idsOf(await view(`${CLOSE}&status=cleaning`))).toEqual([cleaning]);
    expect(idsOf(await view(`${CLOSE}&status=completed`))).toEqual([completed]);
    expect(idsOf(await view(`${CLOSE}&priority=priority`))).toEqual([priority]);
    expect(idsOf(await view(`${CLOSE}&priority=other&status=reported`))).toEqual([reported]);
    const site = (await view(`${CLOSE}&priority=priority`)).features[0]!;
    expect(site).toMatchObject({ kind: 'site', id: priority, offensive: true, status: 'reported' });
  });

  it("filters by the city's days reported, both ends included", async () => {
    const early = await placeReport(t.database.db, { ...east(0), reportedAt: '2026-10-01T09:00:00.000Z' });
    // 23:30 on 31 October in London (BST ended on 25 October, so GMT): still 31 October.
    const lateOnLastDay = await placeReport(t.database.db, { ...east(100), reportedAt: '2026-10-31T23:30:00.000Z' });
    const after = await placeReport(t.database.db, { ...east(200), reportedAt: '2026-11-01T00:30:00.000Z' });
    expect(idsOf(await view(`${CLOSE}&from=2026-10-01&to=2026-10-31`))).toEqual([early, lateOnLastDay]);
    expect(idsOf(await view(`${CLOSE}&from=2026-10-02`))).toEqual([lateOnLastDay, after]);
    expect(idsOf(await view(`${CLOSE}&to=2026-10-01`))).toEqual([early]);
  });

  it('gathers near sites into clusters whose counts weigh the heat layer, and they break apart closer in', async () => {
    for (let i = 0; i < 12; i++) await placeReport(t.database.db, east(i * 20));
    const far = await view(CITY);
    expect(far.features).toHaveLength(1);
    expect(far.features[0]).toMatchObject({ kind: 'cluster', count: 12, open: 12 });
    expect(far.truncated).toBe(false);
    expect((await view(CLOSE)).features.filter((feature) => feature.kind === 'site')).toHaveLength(12);
  });

  it('sees a change to the reports at once', async () => {
    const id = await placeReport(t.database.db, east(0));
    expect(idsOf(await view(`${CLOSE}&status=reported`))).toEqual([id]);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status: 'completed' },
      headers: { cookie: admin },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(idsOf(await view(`${CLOSE}&status=reported`))).toEqual([]);
    expect(idsOf(await view(`${CLOSE}&status=completed`))).toEqual([id]);
  });

  it(`carries at most ${ADMIN_MAP_MAX_FEATURES} features, and says when more lay in the view`, async () => {
    const rows = Array.from({ length: ADMIN_MAP_MAX_FEATURES + 20 }, (_, i) => ({
      what3words: 'index.home.raft',
      description: null,
      photo_key: `fixture${i}`,
      status: 'reported' as const,
      reported_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T09:00:00.000Z',
      latitude: WAVERLEY.latitude + Math.floor(i / 40) * 0.0005,
      longitude: WAVERLEY.longitude + (i % 40) * 0.0005,
      location_source: 'device' as const,
      words_scheme: 'grid' as const,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.database.db
        .insertInto('reports')
        .values(rows.slice(i, i + 200))
        .execute();
    // A change the list's version hears of, as a real write would make.
    const id = await placeReport(t.database.db, east(0));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status: 'cleaning' },
      headers: { cookie: admin },
    });
    const answer = await view('bbox=-3.3,55.9,-3.0,56.0&zoom=20');
    expect(answer.features).toHaveLength(ADMIN_MAP_MAX_FEATURES);
    expect(answer.truncated).toBe(true);
  });

  it('refuses a view that is not one, and a range that ends before it starts', async () => {
    const bad = await ask('bbox=-3.2,56,-3.1,55.9&zoom=12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('bbox must be west,south,east,north in degrees');
    expect((await ask('bbox=-3.2,55.9,-3.1,56&zoom=21')).statusCode).toBe(400);
    expect((await ask(`${CLOSE}&status=lost`)).statusCode).toBe(400);
    const backwards = await ask(`${CLOSE}&from=2026-11-02&to=2026-11-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain("The 'From' date must not be after the 'To' date.");
    const noSuchDay = await ask(`${CLOSE}&from=2026-02-30`);
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().message).toContain('That date is not a day of the calendar');
    expect((await ask(`${CLOSE}&to=9999-99-99`)).statusCode).toBe(400);
  });
});
