import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { keepingMailer, placeReport, signInVolunteer } from '#tests/volunteers.ts';
import { findNearbyResponseSchema } from '#shared/contracts/cleanups.ts';
import { boundingBox, EARTH_RADIUS_M, haversineMetres } from '#shared/domain/geo.ts';

// The volunteer stands at the foot of the Castle Esplanade. Sites due north or south of them are at
// exactly R x (difference in latitude, in radians) on a sphere, which is how the values below were
// worked out by hand (R = 6,371,008.8 m, the Earth's mean radius):
//   0.0014 deg -> 155.67 m;  0.0027 deg -> 300.23 m;  0.0050 deg -> 555.98 m;  0.3000 deg -> 33,358.52 m.
// Due east by 0.0100 deg at latitude 55.9486: 2R asin(cos(55.9486 deg) sin(0.0050 deg)) = 622.62 m.
const HERE = { latitude: 55.9486, longitude: -3.1999 };
const north = (deg: number) => ({ latitude: HERE.latitude + deg, longitude: HERE.longitude });

describe('great-circle distance and the search box', () => {
  it('one degree along a meridian is pi R / 180 = 111,195 m, and distance is symmetric', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      (Math.PI * EARTH_RADIUS_M) / 180,
      6,
    );
    expect(Math.round(haversineMetres(HERE, north(0.0014)))).toBe(156);
    const east = { latitude: HERE.latitude, longitude: HERE.longitude + 0.01 };
    expect(Math.round(haversineMetres(HERE, east))).toBe(623);
    expect(haversineMetres(east, HERE)).toBe(haversineMetres(HERE, east));
  });

  it('the box holds every point within its radius, and spans every longitude near a pole or the 180th meridian', () => {
    const box = boundingBox(HERE, 1000);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 999 m away on this bearing (small-distance approximation is plenty inside the margin).
      const b = (bearing * Math.PI) / 180;
      const dLat = ((999 * Math.cos(b)) / EARTH_RADIUS_M) * (180 / Math.PI);
      const dLng =
        ((999 * Math.sin(b)) / (EARTH_RADIUS_M * Math.cos((HERE.latitude * Math.PI) / 180))) * (180 / Math.PI);
      const p = { latitude: HERE.latitude + dLat, longitude: HERE.longitude + dLng };
      expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
      expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
      expect(p.longitude).toBeGreaterThanOrEqual(box.minLng!);
      expect(p.longitude).toBeLessThanOrEqual(box.maxLng!);
    }
    expect(boundingBox({ latitude: 10, longitude: 179.999 }, 5000).minLng).toBeUndefined();
    expect(boundingBox({ latitude: 89.99, longitude: 0 }, 5000).minLng).toBeUndefined();
  });
});

describe.each(testDatabaseKinds)('POST /api/find-nearby on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  const mailer = keepingMailer();
  beforeAll(async () => {
    t = await buildTestApp(kind, { mailer, limits: { signInRequestsPerClient: 1000 } });
    cookie = await signInVolunteer(t.app, mailer, 'finder@example.org');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  async function find(body: Record<string, unknown> = { userLatitude: HERE.latitude, userLongitude: HERE.longitude }) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/find-nearby',
      payload: body,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return findNearbyResponseSchema.parse(response.json());
  }

  it('answers the nearest open site with its distance in whole metres, and "Find another site" walks outwards in order', async () => {
    const db = t.database.db;
    const far = await placeReport(db, { ...north(0.3), what3words: 'far.away.site' });
    const south = await placeReport(db, { ...north(-0.005), what3words: 'south.of.here' });
    const near = await placeReport(db, { ...north(0.0014), what3words: 'just.up.hill' });
    const east = await placeReport(db, {
      latitude: HERE.latitude,
      longitude: HERE.longitude + 0.01,
      what3words: 'along.the.road',
    });

    const first = await find();
    expect(first).toMatchObject({
      distance: 156,
      totalAvailable: 4,
      withoutCoordinates: 0,
      message: 'The nearest graffiti is 156 metres away.',
    });
    expect(first.nearestReport).toMatchObject({ id: near, what3words: 'just.up.hill', status: 'reported' });
    expect(first.locationLink).toBe(
      'https://www.openstreetmap.org/?mlat=55.950000&mlon=-3.199900#map=19/55.950000/-3.199900',
    );

    const skipped: number[] = [near];
    const expected = [
      [south, 556],
      [east, 623],
      [far, 33_359],
    ] as const;
    for (const [id, metres] of expected) {
      const next = await find({
        userLatitude: HERE.latitude,
        userLongitude: HERE.longitude,
        excludeReportIds: skipped,
        radiusMetres: 100_000,
      });
      expect(next.nearestReport?.id).toBe(id);
      expect(next.distance).toBe(metres);
      skipped.push(id);
    }
    expect(
      (
        await find({
          userLatitude: HERE.latitude,
          userLongitude: HERE.longitude,
          excludeReportIds: skipped,
          radiusMetres: 100_000,
        })
      ).message,
    ).toBe('No graffiti reports within 100 km of you.');
  });

  it('a site in the corner of the first search box does not hide a nearer one just outside it', async () => {
    // 245 m north and 243 m east: inside the first 250 m box, 345 m away. The other is 300 m due north.
    const corner = await placeReport(t.database.db, {
      latitude: HERE.latitude + 0.0022,
      longitude: HERE.longitude + 0.0039,
    });
    const straightUp = await placeReport(t.database.db, north(0.0027));
    const result = await find();
    expect(result.nearestReport?.id).toBe(straightUp);
    expect(result.distance).toBe(300);
    expect(corner).not.toBe(straightUp);
  });

  it('offers only reports waiting to be cleaned, and says how many cannot be offered for want of coordinates', async () => {
    const db = t.database.db;
    await placeReport(db, { ...north(0.0001), status: 'cleaning' });
    await placeReport(db, { ...north(0.0002), status: 'completed' });
    await placeReport(db, { latitude: null, longitude: null });
    await placeReport(db, { latitude: null, longitude: null });
    const none = await find();
    expect(none).toMatchObject({
      nearestReport: null,
      distance: null,
      totalAvailable: 0,
      withoutCoordinates: 2,
      locationLink: null,
    });
    expect(none.message).toBe(
      'No graffiti reports within 5 km of you. 2 reported sites have no map position yet, so the search cannot offer them.',
    );

    const open = await placeReport(db, north(0.02));
    const found = await find();
    expect(found).toMatchObject({
      distance: 2224,
      totalAvailable: 1,
      withoutCoordinates: 2,
      message: 'The nearest graffiti is 2.2 km away.',
    });
    expect(found.nearestReport?.id).toBe(open);
  });

  it('finds a site on the other side of the world, and refuses coordinates that are not on Earth', async () => {
    const antipode = await placeReport(t.database.db, { latitude: -HERE.latitude, longitude: 176.8 });
    const result = await find({ userLatitude: HERE.latitude, userLongitude: HERE.longitude, radiusMetres: 20_000_000 });
    expect(result.nearestReport?.id).toBe(antipode);
    expect(result.distance).toBeGreaterThan(19_000_000);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/find-nearby',
      payload: { userLatitude: 91, userLongitude: 0 },
      headers: { cookie },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/find-nearby', payload: {}, headers: { cookie } });
    expect(missing.statusCode).toBe(400);
  });

  it('from Glasgow, nothing in Edinburgh is offered within 5 km: the answer says so and offers a wider search', async () => {
    await placeReport(t.database.db, { ...north(0.0014), what3words: 'just.up.hill' });
    const glasgow = { userLatitude: 55.8642, userLongitude: -4.2518 };
    const none = await find(glasgow);
    expect(none).toMatchObject({
      nearestReport: null,
      distance: null,
      message: 'No graffiti reports within 5 km of you.',
      radiusMetres: 5000,
      widerRadiusMetres: 20_000,
    });
    expect(await find({ ...glasgow, radiusMetres: 20_000 })).toMatchObject({
      nearestReport: null,
      message: 'No graffiti reports within 20 km of you.',
      widerRadiusMetres: 100_000,
    });
    const wide = await find({ ...glasgow, radiusMetres: 100_000 });
    expect(wide.distance).toBeGreaterThan(60_000);
    expect(wide.message).toMatch(/^The nearest graffiti is \d{2}(\.\d)? km away\.$/);
  });

  it('"Find another site" at a wall with three reports offers the other sites first, then the rest of that wall', async () => {
    const db = t.database.db;
    // Three reports of one wall (two by the same words, one a metre away), and two sites elsewhere.
    const wall = [
      await placeReport(db, { ...north(0.0014), what3words: 'same.wall.here' }),
      await placeReport(db, { ...north(0.0014), what3words: 'same.wall.here' }),
      await placeReport(db, {
        latitude: HERE.latitude + 0.00141,
        longitude: HERE.longitude,
        what3words: 'next.door.square',
      }),
    ];
    const south = await placeReport(db, { ...north(-0.005), what3words: 'south.of.here' });
    const farther = await placeReport(db, { ...north(0.02), what3words: 'up.the.road' });

    const first = await find();
    expect(wall).toContain(first.nearestReport!.id);
    const seen = [first.nearestReport!.id];
    const offered: number[] = [];
    for (let i = 0; i < 4; i++) {
      const next = await find({ userLatitude: HERE.latitude, userLongitude: HERE.longitude, excludeReportIds: seen });
      expect(next.distance).not.toBe(0);
      offered.push(next.nearestReport!.id);
      seen.push(next.nearestReport!.id);
    }
    // The other places first, nearest first; only then the other reports of the same wall.
    expect(offered.slice(0, 2)).toEqual([south, farther]);
    expect(offered.slice(2).sort()).toEqual(wall.filter((id) => id !== first.nearestReport!.id).sort());
  });

  it('needs a signed-in volunteer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/find-nearby',
      payload: { userLatitude: HERE.latitude, userLongitude: HERE.longitude },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in as a volunteer to continue.');
  });
});
