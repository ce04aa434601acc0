// The nearest-site search asks for the first few open sites of a box by flat-map distance. However the
// database finds them (on PostgreSQL, a walk of a spatial index nearest first), they are the very sites,
// in the very order, that sorting the whole box gives: in the city, far from it, with ties at one wall,
// marked sites only, and sites passed over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { PREPARED_STATEMENT } from '#server/db/driver-tuning.ts';
import { boundingBox, type Point } from '#shared/domain/geo.ts';
import { mulberry32 } from '../../../../../scripts/seed-reports.ts';
import { openSitesRepository } from './open-sites.repository.ts';
import { nearestOpenSite, nearestPrioritySite } from './find-nearby.ts';

const CITY = { latitude: 55.9486, longitude: -3.1999 };
const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

describe.each(testDatabaseKinds)('the first open sites of a box on %s', (kind) => {
  let database: DatabaseHandle;
  let wall: Point;
  const random = mulberry32(135);
  const near = (at: Point, spread: number): Point => ({
    latitude: at.latitude + (random() - 0.5) * spread,
    longitude: at.longitude + (random() - 0.5) * spread * 2,
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const sites: Point[] = [];
    for (let i = 0; i < 700; i++) sites.push(near(CITY, 0.08));
    // Several reports at one wall: the same coordinates, ordered by id.
    wall = near(CITY, 0.01);
    for (let i = 0; i < 20; i++) sites.push(wall);
    for (let i = 0; i < 60; i++) sites.push(near(OSLO, 0.05), near(CAPE_TOWN, 0.05));
    const now = new Date().toISOString();
    await database.db
      .insertInto('reports')
      .values(
        sites.map((site, i) => ({
          what3words: `site.number.${i}`,
          photo_key: 'orderTestPhotoKey',
          status: i % 9 === 0 ? ('completed' as const) : ('reported' as const),
          priority: i % 7 === 0 ? 1 : 0,
          reported_at: now,
          updated_at: now,
          latitude: site.latitude,
          longitude: site.longitude,
          location_source: 'device',
          words_scheme: 'grid',
        })),
      )
      .execute();
    // Reports not yet placed on the map, which no search offers.
    await database.db
      .insertInto('reports')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          what3words: `unplaced.site.${i}`,
          photo_key: 'orderTestPhotoKey',
          status: 'reported' as const,
          priority: i % 2,
          reported_at: now,
          updated_at: now,
          latitude: null,
          longitude: null,
          words_scheme: 'grid',
        })),
      )
      .execute();
  });
  afterAll(() => database?.close());

  it('are those of the whole box sorted, wherever the volunteer stands', async () => {
    const repository = openSitesRepository(database.db);
    const points = [
      ...Array.from({ length: 14 }, () => near(CITY, 0.2)),
      ...Array.from({ length: 3 }, () => near(OSLO, 0.1)),
      ...Array.from({ length: 3 }, () => near(CAPE_TOWN, 0.1)),
    ];
    let compared = 0;
    for (const from of points) {
      for (const radius of [250, 1_000, 4_000, 16_000, 1_000_000]) {
        for (const priorityOnly of [false, true]) {
          for (const [limit, exclude] of [
            [16, []],
            [32, [1, 2, 3, 10, 11]],
          ] as const) {
            const box = boundingBox(from, radius);
            const few = await repository.openSitesIn(box, exclude, { from, limit, priorityOnly });
            const all = await repository.openSitesIn(box, exclude, { from, priorityOnly });
            expect(few.map((site) => site.id)).toEqual(all.slice(0, limit).map((site) => site.id));
            if (few.length > 0) compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('are those a brute-force scan of every report gives, ties by id and unplaced reports included', async () => {
    const repository = openSitesRepository(database.db);
    const every = await database.db
      .selectFrom('reports')
      .select(['id', 'status', 'priority', 'latitude', 'longitude'])
      .execute();
    expect(every.some((row) => row.latitude === null)).toBe(true);
    /** Sorting every report by hand: open, placed, inside the box, not passed over; flat distance, then id. */
    const bruteForce = (
      box: ReturnType<typeof boundingBox>,
      from: Point,
      exclude: readonly number[],
      priorityOnly: boolean,
    ) => {
      const squash = Math.cos((from.latitude * Math.PI) / 180);
      const flat = (site: { latitude: number; longitude: number }) => {
        const dLat = site.latitude - from.latitude;
        const dLng = (site.longitude - from.longitude) * squash;
        return dLat * dLat + dLng * dLng;
      };
      return every
        .filter((row) => row.status === 'reported' && (!priorityOnly || row.priority === 1))
        .filter((row) => row.latitude !== null && row.longitude !== null && !exclude.includes(row.id))
        .map((row) => ({ id: row.id, latitude: row.latitude!, longitude: row.longitude! }))
        .filter(
          (site) =>
            site.latitude >= box.minLat &&
            site.latitude <= box.maxLat &&
            (box.minLng === undefined || (site.longitude >= box.minLng && site.longitude <= box.maxLng!)),
        )
        .sort((a, b) => flat(a) - flat(b) || a.id - b.id)
        .map((site) => site.id);
    };
    const points = [
      ...Array.from({ length: 12 }, () => near(CITY, 0.2)),
      wall, // where twenty reports tie
      ...Array.from({ length: 2 }, () => near(OSLO, 0.1)),
      ...Array.from({ length: 2 }, () => near(CAPE_TOWN, 0.1)),
    ];
    let compared = 0;
    for (const from of points) {
      for (const radius of [250, 1_000, 4_000, 16_000, 1_000_000, 30_000_000]) {
        for (const priorityOnly of [false, true]) {
          for (const [limit, exclude] of [
            [1, []],
            [16, []],
            [32, [1, 2, 3, 10, 11, 702]],
          ] as const) {
            const box = radius > 20_000_000 ? { minLat: -90, maxLat: 90 } : boundingBox(from, radius);
            const expected = bruteForce(box, from, exclude, priorityOnly);
            const few = await repository.openSitesIn(box, exclude, { from, limit, priorityOnly });
            expect(few.map((site) => site.id)).toEqual(expected.slice(0, limit));
            const all = await repository.openSitesIn(box, exclude, { from, priorityOnly });
            expect(all.map((site) => site.id)).toEqual(expected);
            if (few.length > 0) compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(140);
  });

  it('one walk nearest first answers each widening step as the box searches do', async () => {
    const repository = openSitesRepository(database.db);
    // How many box searches each way asks the database for: on PostgreSQL the walk answers most steps.
    const asked = { walked: 0, boxes: 0 };
    const counting = (way: keyof typeof asked) => ({
      ...repository,
      openSitesIn(...args: Parameters<typeof repository.openSitesIn>) {
        asked[way]++;
        return repository.openSitesIn(...args);
      },
    });
    const points = [
      ...Array.from({ length: 14 }, () => near(CITY, 0.3)),
      ...Array.from({ length: 3 }, () => near(OSLO, 0.2)),
      ...Array.from({ length: 3 }, () => near(CAPE_TOWN, 0.2)),
    ];
    const passedOver = [[], [1, 2, 3], [701, 702, 703, 704, 40, 41]] as const;
    const ids = (found: { report: { id: number }; distance: number } | null) =>
      found && { id: found.report.id, distance: found.distance };
    let found = 0;
    for (const from of points) {
      for (const exclude of passedOver) {
        const { seenPlaces, nearest } = await repository.surroundings(from, exclude, {
          open: 64 * (1 + exclude.length),
          priority: 32,
        });
        for (const radius of [250, 5_000, 100_000, Number.POSITIVE_INFINITY]) {
          const walked = await nearestOpenSite(
            counting('walked'),
            from,
            exclude,
            radius,
            seenPlaces,
            nearest?.open ?? null,
          );
          const ownWalk = await nearestOpenSite(repository, from, exclude, radius, seenPlaces);
          const boxes = await nearestOpenSite(counting('boxes'), from, exclude, radius, seenPlaces, null);
          expect(ids(walked)).toEqual(ids(boxes));
          expect(ids(ownWalk)).toEqual(ids(boxes));
          if (boxes) found++;
        }
        expect(ids(await nearestPrioritySite(repository, from, exclude, nearest?.priority ?? null))).toEqual(
          ids(await nearestPrioritySite(repository, from, exclude, null)),
        );
      }
    }
    expect(found).toBeGreaterThan(100);
    if (kind === 'postgres') expect(asked.walked).toBeLessThan(asked.boxes / 4);
  });

  // Each connection keeps every statement marked prepared for its life: however many places a
  // volunteer passed over, the search must not make a new text for each.
  it.runIf(kind === 'postgres')('keeps no new prepared statement however many places were passed over', async () => {
    const texts = new Set<string>();
    const executor = database.db.getExecutor();
    const recording = database.db.withPlugin({
      transformQuery({ node, queryId }) {
        const { sql: text } = executor.compileQuery(node, queryId);
        if (text.startsWith(PREPARED_STATEMENT)) texts.add(text);
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const repository = openSitesRepository(recording);
    // Places far from the city: passed over, yet each one widens what the search asks for.
    const seen = Array.from({ length: 40 }, (_, i) => ({ what3words: `far.away.${i}`, ...near(OSLO, 0.05) }));
    const search = async (passedOver: number) => {
      for (const from of [CITY, wall]) {
        await nearestOpenSite(repository, from, [], 5_000, seen.slice(0, passedOver), null);
      }
    };
    for (let passedOver = 0; passedOver <= 10; passedOver++) await search(passedOver);
    const afterTen = new Set(texts);
    expect(afterTen.size).toBeGreaterThan(0);
    for (let passedOver = 11; passedOver <= 40; passedOver++) await search(passedOver);
    expect([...texts].filter((text) => !afterTen.has(text))).toEqual([]);
  });
});
