// The map's answer on each database: the sites of a view by bounding box and zoom, near ones gathered
// into clusters that break apart as the map zooms in, open and lately cleaned sites apart, the photo of
// offensive graffiti withheld, nothing personal, 304 for an unchanged view and a new answer once a
// report changes, and a clear refusal for a view that is not one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { ReportsTable } from '#server/db/tables.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import { mapViewSchema, type MapView } from '#shared/contracts/report-map.ts';
import { publicReportsRepository } from '../public-reports.repository.ts';
import { reportMapService } from './report-map.service.ts';

const DAY = 24 * 3600_000;
const NOW = new Date('2026-11-21T10:00:00Z');
/** The whole city, and a street's width around Waverley. */
const CITY = '-3.45,55.85,-3.0,56.0';
const WAVERLEY = { lat: 55.9521, lng: -3.1893 };

describe.each(testDatabaseKinds)('the map of reports on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await buildTestApp(kind, { clock });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  let made = 0;
  const report = (overrides: Partial<Insertable<ReportsTable>> = {}): Insertable<ReportsTable> => ({
    what3words: 'pilot.ginger.gaze',
    description: 'Sprayed by someone at 12 Princes Street',
    photo_key: 'a'.repeat(32),
    status: 'reported',
    reported_at: new Date(NOW.getTime() - DAY).toISOString(),
    updated_at: NOW.toISOString(),
    latitude: WAVERLEY.lat,
    longitude: WAVERLEY.lng,
    location_source: 'device',
    words_scheme: 'grid',
    status_token: `${++made}`.padStart(43, 't'),
    ...overrides,
  });

  async function seed(rows: Insertable<ReportsTable>[]): Promise<number[]> {
    const inserted = await t.database.db.insertInto('reports').values(rows).returning('id').execute();
    return inserted.map((row) => row.id);
  }

  async function view(query: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url: `/api/map?${query}`, headers });
  }

  async function features(query: string): Promise<MapView['features']> {
    const answer = await view(query);
    expect(answer.statusCode, answer.body).toBe(200);
    return mapViewSchema.parse(answer.json()).features;
  }

  it('shows each site of a close view with its place, state, words, dates and photo, and nothing personal', async () => {
    const [id] = await seed([report()]);
    const [site] = await features(`bbox=-3.19,55.95,-3.18,55.96&zoom=18`);
    expect(site).toEqual({
      kind: 'site',
      id,
      latitude: WAVERLEY.lat,
      longitude: WAVERLEY.lng,
      status: 'reported',
      offensive: false,
      what3words: 'pilot.ginger.gaze',
      reportedAt: new Date(NOW.getTime() - DAY).toISOString(),
      completedAt: null,
      photoUrl: `/photos/${'a'.repeat(32)}.jpg`,
      thumbnailUrl: `/photos/${'a'.repeat(32)}-thumb.jpg`,
    });
    const body = (await view(`bbox=-3.19,55.95,-3.18,55.96&zoom=18`)).body;
    expect(body).not.toContain('Princes Street');
    expect(body).not.toContain('tttttttttt');
  });

  it("never shows an offensive report's photo, only its place", async () => {
    await seed([report({ priority: 1 })]);
    const [site] = await features(`bbox=${CITY}&zoom=18`);
    expect(site).toMatchObject({ kind: 'site', offensive: true, photoUrl: null, thumbnailUrl: null });
  });

  it('gathers near sites into a cluster across the city, which breaks apart as the map zooms in', async () => {
    // Thirty sites a few metres apart, and one across the city at Leith.
    await seed([
      ...Array.from({ length: 30 }, (_, i) => report({ latitude: WAVERLEY.lat + i * 0.00002 })),
      report({ latitude: 55.9755, longitude: -3.1665, status: 'cleaning' }),
    ]);
    const city = await features(`bbox=${CITY}&zoom=11`);
    expect(city).toHaveLength(2);
    const cluster = city.find((feature) => feature.kind === 'cluster');
    expect(cluster).toMatchObject({ count: 30, open: 30 });
    expect(city.find((feature) => feature.kind === 'site')).toMatchObject({ status: 'cleaning' });
    // At the zoom the cluster names, it is no longer one.
    const expansionZoom = cluster?.kind === 'cluster' ? cluster.expansionZoom : 0;
    expect(expansionZoom).toBeGreaterThan(11);
    expect((await features(`bbox=${CITY}&zoom=${expansionZoom}`)).length).toBeGreaterThan(2);
    // Close enough, every site stands alone; a view elsewhere shows none of them.
    expect(await features(`bbox=${CITY}&zoom=20`)).toHaveLength(31);
    expect(await features(`bbox=-3.3,55.90,-3.25,55.92&zoom=15`)).toEqual([]);
  });

  it('shows open sites and sites cleaned in the last 90 days, each alone when asked, and leaves older ones off', async () => {
    const [open, recent] = await seed([
      report(),
      report({ status: 'completed', completed_at: new Date(NOW.getTime() - 10 * DAY).toISOString() }),
      report({ status: 'completed', completed_at: new Date(NOW.getTime() - 120 * DAY).toISOString() }),
      report({ latitude: null, longitude: null }),
    ]);
    const ids = async (show: string) =>
      (await features(`bbox=${CITY}&zoom=20&show=${show}`)).map((feature) =>
        feature.kind === 'site' ? feature.id : 0,
      );
    expect((await ids('all')).sort()).toEqual([open, recent].sort());
    expect(await ids('open')).toEqual([open]);
    expect(await ids('cleaned')).toEqual([recent]);
  });

  it('answers an unchanged view 304, and a new answer once a report changes', async () => {
    const [id] = await seed([report()]);
    const first = await view(`bbox=${CITY}&zoom=20`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await view(`bbox=${CITY}&zoom=20`, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another view of the same data is another answer.
    expect((await view(`bbox=${CITY}&zoom=19`, { 'if-none-match': etag })).statusCode).toBe(200);
    await t.database.db.updateTable('reports').set({ status: 'cleaning' }).where('id', '=', id!).execute();
    const changed = await view(`bbox=${CITY}&zoom=20`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(mapViewSchema.parse(changed.json()).features[0]).toMatchObject({ status: 'cleaning' });
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('while a new map is made after a change, a view is answered from the last one, then catches up', async () => {
    const [id] = await seed([report()]);
    // A map that never waits for the new one, whose reads of the reports the test lets through.
    const reports = publicReportsRepository(t.database.db);
    let release: () => void = () => undefined;
    let held: Promise<void> = Promise.resolve();
    const service = reportMapService({
      repository: { onTheMap: async (since) => (await held, reports.onTheMap(since)) },
      clock,
      waitForNewMs: 0,
    });
    const version = async () =>
      (await t.database.db.selectFrom('report_list_state').select('version').executeTakeFirstOrThrow()).version;
    // Each answer names the list's version it reflects, so a map that heard of the change asks again.
    const statusNow = async () => {
      const { view: answer } = await service.view(
        { bbox: [-3.45, 55.85, -3.0, 56.0], zoom: 20, show: 'all' },
        `v${await version()}`,
      );
      return { ...answer.features[0], version: answer.version };
    };
    const before = `v${await version()}`;
    expect(await statusNow()).toMatchObject({ status: 'reported', version: before });
    held = new Promise((resolve) => (release = resolve));
    await t.database.db.updateTable('reports').set({ status: 'cleaning' }).where('id', '=', id!).execute();
    const after = `v${await version()}`;
    expect(after).not.toBe(before);
    expect(await statusNow()).toMatchObject({ status: 'reported', version: before });
    release();
    await expect.poll(statusNow).toMatchObject({ status: 'cleaning', version: after });
  });

  it('refuses a view that is not one, saying what was wrong', async () => {
    for (const query of [
      'zoom=12',
      `bbox=${CITY}`,
      'bbox=a,b,c,d&zoom=12',
      'bbox=-3,56,-3.1,55&zoom=12',
      `bbox=${CITY}&zoom=30`,
      `bbox=${CITY}&zoom=12&show=everything`,
    ]) {
      const answer = await view(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toBeTruthy();
    }
    expect((await view('bbox=a,b,c,d&zoom=12')).json().message).toContain(
      'bbox must be west,south,east,north in degrees',
    );
  });
});
