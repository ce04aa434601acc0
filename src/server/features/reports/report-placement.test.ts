// When the location provider cannot be reached, a report is still kept, marked 'to-check', and placed
// in the background through the outbox once the provider answers; administrators can list the ones
// still unplaced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import {
  FAKE_W3W_BROKEN_KEY,
  FAKE_W3W_KEY,
  FAKE_W3W_QUOTA_KEY,
  startFakeWhat3words,
  type FakeWhat3words,
} from '#tests/fake-what3words.ts';
import { reportListSchema, reportSchema } from '#shared/contracts/reports.ts';
import { createLocationService, type LocationService } from '#server/features/location/index.ts';

/** A what3words provider whose key can be changed, to take the service down and bring it back. */
function switchable(url: string) {
  const services = {
    up: createLocationService({ provider: 'what3words', w3wApiKey: FAKE_W3W_KEY, w3wApiUrl: url }),
    quota: createLocationService({ provider: 'what3words', w3wApiKey: FAKE_W3W_QUOTA_KEY, w3wApiUrl: url }),
    down: createLocationService({ provider: 'what3words', w3wApiKey: FAKE_W3W_BROKEN_KEY, w3wApiUrl: url }),
  };
  let current: LocationService = services.up;
  const service: LocationService = {
    provider: 'what3words',
    region: services.up.region,
    wordsToCoordinates: (w) => current.wordsToCoordinates(w),
    coordinatesToWords: (lat, lng) => current.coordinatesToWords(lat, lng),
    suggest: (w, near) => current.suggest(w, near),
    checkWords: (w, near) => current.checkWords(w, near),
  };
  return { service, set: (state: keyof typeof services) => (current = services[state]) };
}

describe.each(testDatabaseKinds)('reports made while the location provider is unreachable on %s', (kind) => {
  let fake: FakeWhat3words;
  let t: TestApp;
  let provider: ReturnType<typeof switchable>;
  let admin: Cookies;
  beforeAll(async () => {
    fake = await startFakeWhat3words();
    provider = switchable(fake.url);
    t = await buildTestApp(kind, { location: provider.service });
    admin = await adminCookies(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function submit(fields: Record<string, string>) {
    const { payload, headers } = await multipartBody(fields, {
      photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' },
    });
    return t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
  }
  const unplaced = async () =>
    reportListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports/unplaced', cookies: admin })).json(),
    );
  const placementJobs = () =>
    t.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'report-placement').execute();
  /** Lets the queued placements run now, as if their back-off had passed. */
  async function runPlacementsNow() {
    await t.database.db
      .updateTable('outbox')
      .set({ run_after: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'report-placement')
      .execute();
    await t.app.outbox.drain();
  }

  it('a report is kept and marked to check when what3words is down, and placed later in the background', async () => {
    provider.set('down');
    const response = await submit({ what3words: 'castle.rock.esplanade' });
    expect(response.statusCode).toBe(201);
    const report = reportSchema.parse(response.json());
    expect(report).toMatchObject({ latitude: null, locationSource: null, locationStatus: 'to-check' });
    expect((await placementJobs()).map((job) => JSON.parse(job.payload).reportId)).toContain(report.id);
    expect((await unplaced()).map((r) => r.id)).toContain(report.id);

    // Still down: the job fails and waits to try again; the report stays to check.
    await runPlacementsNow();
    const [job] = (await placementJobs()).filter((j) => JSON.parse(j.payload).reportId === report.id);
    expect(job).toMatchObject({ delivered_at: null, attempts: 1 });
    expect((await unplaced()).map((r) => r.id)).toContain(report.id);

    // Back up: the next try places the report at its words.
    provider.set('up');
    await runPlacementsNow();
    const placed = reportListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/reports' })).json());
    expect(placed.find((r) => r.id === report.id)).toMatchObject({
      latitude: 55.948595,
      longitude: -3.199913,
      locationSource: 'words',
      locationStatus: 'checked',
    });
    expect((await unplaced()).map((r) => r.id)).not.toContain(report.id);
  });

  it('a used-up quota keeps the report too; words found not to exist later are marked for the administrators', async () => {
    provider.set('quota');
    const report = reportSchema.parse((await submit({ what3words: 'surely.not.real' })).json());
    expect(report.locationStatus).toBe('to-check');
    provider.set('up');
    await runPlacementsNow();
    const [row] = await unplaced().then((list) => list.filter((r) => r.id === report.id));
    expect(row).toMatchObject({ locationStatus: 'not-found', latitude: null });
  });

  it('a dashboard polling the list sees a report placed or marked not found, and that change is the latest', async () => {
    // Another report, placed at once, was changed a moment ago by a clock running ahead of this one.
    provider.set('up');
    const other = reportSchema.parse((await submit({ what3words: 'castle.rock.esplanade' })).json());
    expect(other.locationStatus).toBe('checked');
    await t.database.db
      .updateTable('reports')
      .set({ updated_at: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', other.id)
      .execute();
    const etagOf = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, cookies: admin });
      expect(response.statusCode).toBe(200);
      return response.headers.etag as string;
    };
    provider.set('down');
    const placed = reportSchema.parse((await submit({ what3words: 'castle.rock.esplanade' })).json());
    const notFound = reportSchema.parse((await submit({ what3words: 'surely.not.real' })).json());
    const lists = ['/api/reports', '/api/reports?status=all&limit=20'];
    const before = await Promise.all(lists.map(etagOf));

    provider.set('up');
    await runPlacementsNow();

    // Asked again with the old version, each list answers with the new one instead of 304.
    for (const [i, url] of lists.entries()) {
      const again = await t.app.inject({
        method: 'GET',
        url,
        cookies: admin,
        headers: { 'if-none-match': before[i]! },
      });
      expect(again.statusCode, url).toBe(200);
    }
    const rows = await t.database.db
      .selectFrom('reports')
      .select(['id', 'location_status', 'updated_at'])
      .where('id', 'in', [placed.id, notFound.id, other.id])
      .execute();
    const row = (id: number) => rows.find((r) => r.id === id)!;
    const at = (id: number) => new Date(row(id).updated_at).getTime();
    expect(row(placed.id).location_status).toBe('checked');
    expect(row(notFound.id).location_status).toBe('not-found');
    // Each change is dated after every earlier change to any report, whatever the clock said.
    expect(at(placed.id)).toBeGreaterThan(at(other.id));
    expect(at(notFound.id)).toBeGreaterThan(at(other.id));
  });

  it('only administrators may list the unplaced reports', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/reports/unplaced' });
    expect(response.statusCode).toBe(401);
  });
});
