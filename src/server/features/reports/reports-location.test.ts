// The typed location is checked with the configured provider when the report is made: words that name
// no place in the city are refused with suggestions, and nothing is stored; real words place the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { jpegWithGps, plainJpeg } from '#tests/fixture-photos.ts';
import { WAVERLEY_WORDS } from '#tests/places.ts';
import { FAKE_W3W_KEY, FAKE_W3W_QUOTA_KEY, startFakeWhat3words, type FakeWhat3words } from '#tests/fake-what3words.ts';
import { reportSchema } from '#shared/contracts/reports.ts';
import { GRID_EXAMPLE_WORDS } from '#shared/domain/location-messages.ts';
import { createGridCode, createLocationService } from '#server/features/location/index.ts';

async function submit(t: TestApp, fields: Record<string, string>) {
  const { payload, headers } = await multipartBody(fields, {
    photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' },
  });
  return t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
}

describe.each(testDatabaseKinds)('report coordinates from the words on %s', (kind) => {
  describe('with the built-in grid', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(() => t.close());

    it('grid words give the report the square they name, and the words are kept as typed', async () => {
      const words = (
        await t.app.inject({ method: 'GET', url: '/api/location/coordinates-to-words?lat=55.95196&lng=-3.18937' })
      ).json();
      expect(words).toMatchObject({ words: 'pilot.ginger.gaze', language: 'en' });
      expect(words.map).toMatch(/^https:\/\/www\.openstreetmap\.org\//);

      const report = reportSchema.parse((await submit(t, { what3words: ' ///Pilot.Ginger.Gaze ' })).json());
      expect(report).toMatchObject({ what3words: 'pilot.ginger.gaze', locationSource: 'words' });
      expect(report.latitude).toBeCloseTo(55.95196, 4);
      expect(report.longitude).toBeCloseTo(-3.18937, 4);
      const row = await t.database.db
        .selectFrom('reports')
        .select('words_scheme')
        .where('id', '=', report.id)
        .executeTakeFirstOrThrow();
      expect(row.words_scheme).toBe('grid');
    });

    it('misspelt words are refused with a clear message and up to three real locations nearby in spelling', async () => {
      const before = t.storedPhotos();
      const response = await submit(t, { what3words: 'pilot.ginger.gazz' });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({
        code: 'BadWords',
        title: 'Location not found',
        message: "'gazz' is not one of the words of three-word locations. Please check the spelling.",
      });
      expect(body.suggestions).toHaveLength(3);
      expect(body.suggestions[0]).toBe('pilot.ginger.gaze');
      const grid = createGridCode();
      for (const words of body.suggestions) expect(grid.squareOfWords(words)).not.toBeNull();
      expect(t.storedPhotos()).toEqual(before);
      expect(
        await t.database.db.selectFrom('reports').select('id').where('what3words', '=', 'pilot.ginger.gazz').execute(),
      ).toEqual([]);
    });

    it('suggestions come nearest first to where the person stands, each with its area and distance', async () => {
      const response = await submit(t, {
        what3words: 'pilot.ginger.gazz',
        nearLatitude: '55.95196',
        nearLongitude: '-3.18937',
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      const { from, places } = body.suggestionDetails;
      expect(from).toBe('device');
      expect(places).toHaveLength(3);
      expect(places[0]).toEqual({ words: 'pilot.ginger.gaze', area: 'Old Town', distanceMetres: expect.any(Number) });
      expect(places[0].distanceMetres).toBeLessThanOrEqual(3);
      const distances = places.map((place: { distanceMetres: number }) => place.distanceMetres);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const place of places) expect(typeof place.area).toBe('string');
      // The plain list says the same, in the same order.
      expect(body.suggestions).toEqual(places.map((place: { words: string }) => place.words));
    });

    it("without the person's position, suggestions are measured from the city centre; a position outside the city is not used", async () => {
      for (const near of [{}, { nearLatitude: '55.8611', nearLongitude: '-4.2503' }] as Record<string, string>[]) {
        const body = (await submit(t, { what3words: 'pilot.ginger.gazz', ...near })).json();
        expect(body.suggestionDetails.from).toBe('city-centre');
        const distances = body.suggestionDetails.places.map(
          (place: { distanceMetres: number }) => place.distanceMetres,
        );
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
        // Waverley is a few hundred metres from the east end of Princes Street.
        expect(body.suggestionDetails.places[0]).toMatchObject({ words: 'pilot.ginger.gaze' });
        expect(body.suggestionDetails.places[0].distanceMetres).toBeLessThan(500);
      }
    });

    it('a position read from the photo ranks the suggestions when the location button was not used', async () => {
      // In Portobello: the real location at Waverley is no longer the nearest of the three.
      const portobello = { latitude: '55.9539', longitude: '-3.1088', locationSource: 'photo' };
      const body = (await submit(t, { what3words: 'pilot.ginger.gazz', ...portobello })).json();
      expect(body.suggestionDetails.from).toBe('photo');
      const distances = body.suggestionDetails.places.map((place: { distanceMetres: number }) => place.distanceMetres);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(body.suggestions).toContain('pilot.ginger.gaze');
    });

    it('a half-sent position for the suggestions is refused', async () => {
      const response = await submit(t, { what3words: 'pilot.ginger.gazz', nearLatitude: '55.95196' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('nearLatitude and nearLongitude must be sent together');
    });

    it("made-up words, and the old form example 'index.home.raft', are refused rather than stored unplaced", async () => {
      for (const words of ['hello.world.again', 'index.home.raft', 'filled.count.soap']) {
        const response = await submit(t, { what3words: words });
        expect(response.statusCode, words).toBe(400);
        expect(response.json().code).toMatch(/^(BadWords|OutsideArea)$/);
        expect(response.json().suggestions.length).toBeGreaterThan(0);
      }
      expect(await t.database.db.selectFrom('reports').select('id').where('latitude', 'is', null).execute()).toEqual(
        [],
      );
    });

    it('a camera position far from the typed location does not move the report; a near one places it', async () => {
      const photoAt = async (words: string, at: { latitude: number; longitude: number }) => {
        const { payload, headers } = await multipartBody(
          { what3words: words },
          { photo: { data: await jpegWithGps(at), name: 'IMG_0042.jpg', type: 'image/jpeg' } },
        );
        return reportSchema.parse(
          (await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers })).json(),
        );
      };
      // A holiday photo from Lisbon, a photo forwarded from Glasgow, and one from 300 m along Princes Street.
      for (const far of [
        { latitude: 38.7223, longitude: -9.1393 },
        { latitude: 55.8611, longitude: -4.2503 },
        { latitude: 55.9521, longitude: -3.1941 },
      ]) {
        const report = await photoAt(WAVERLEY_WORDS, far);
        expect(report).toMatchObject({ locationSource: 'words', locationStatus: 'checked' });
        expect(report.latitude).toBeCloseTo(55.95196, 4);
        expect(report.longitude).toBeCloseTo(-3.18937, 4);
      }
      // 60 m from the typed square: the camera's own position is the more precise one.
      const near = await photoAt(WAVERLEY_WORDS, { latitude: 55.9525, longitude: -3.18937 });
      expect(near.locationSource).toBe('photo');
      expect(near.latitude).toBeCloseTo(55.9525, 4);
    });

    it('the same rule holds for a position the browser read from the photo, and a device outside the city is ignored', async () => {
      const glasgow = { latitude: '55.8611', longitude: '-4.2503' };
      for (const locationSource of ['photo', 'device']) {
        const report = reportSchema.parse(
          (await submit(t, { what3words: WAVERLEY_WORDS, ...glasgow, locationSource })).json(),
        );
        expect(report, locationSource).toMatchObject({ locationSource: 'words' });
        expect(report.latitude).toBeCloseTo(55.95196, 4);
      }
    });

    it("the form's example is a real location of the grid", () => {
      expect(createGridCode().decode(GRID_EXAMPLE_WORDS).lat).toBeCloseTo(55.95196, 3);
    });

    it('device coordinates are kept as sent, and the words are not replaced by the conversion', async () => {
      const report = (
        await submit(t, { what3words: 'pilot.ginger.gaze', latitude: '55.9400', longitude: '-3.2000' })
      ).json();
      expect(report).toMatchObject({
        what3words: 'pilot.ginger.gaze',
        latitude: 55.94,
        longitude: -3.2,
        locationSource: 'device',
      });
    });
  });

  describe('with what3words', () => {
    let fake: FakeWhat3words;
    let t: TestApp;
    let quota: TestApp;
    beforeAll(async () => {
      fake = await startFakeWhat3words();
      t = await buildTestApp(kind, {
        location: createLocationService({ provider: 'what3words', w3wApiKey: FAKE_W3W_KEY, w3wApiUrl: fake.url }),
      });
      quota = await buildTestApp(kind, {
        location: createLocationService({ provider: 'what3words', w3wApiKey: FAKE_W3W_QUOTA_KEY, w3wApiUrl: fake.url }),
      });
    });
    afterAll(async () => {
      await t.close();
      await quota.close();
      await fake.close();
    });

    it('what3words words are converted through the API with our key, and marked as what3words', async () => {
      const report = reportSchema.parse((await submit(t, { what3words: '///waverley.steps.train' })).json());
      expect(report).toMatchObject({
        what3words: 'waverley.steps.train',
        latitude: 55.95196,
        longitude: -3.18937,
        locationSource: 'words',
      });
      const call = fake.requests.findLast((r) => r.path.endsWith('/convert-to-coordinates'));
      expect(call?.query).toMatchObject({ words: 'waverley.steps.train', key: FAKE_W3W_KEY });
      const row = await t.database.db
        .selectFrom('reports')
        .select('words_scheme')
        .where('id', '=', report.id)
        .executeTakeFirstOrThrow();
      expect(row.words_scheme).toBe('what3words');
    });

    it("each report's map link follows the code its words were stored in, not today's provider", async () => {
      const report = reportSchema.parse((await submit(t, { what3words: 'waverley.steps.train' })).json());
      expect(report.locationLink).toBe('https://w3w.co/waverley.steps.train');
      const linkInList = async () => {
        const page = (await t.app.inject({ method: 'GET', url: '/api/reports?status=all&limit=100' })).json();
        return page.reports.find((item: { id: number }) => item.id === report.id)?.locationLink;
      };
      expect(await linkInList()).toBe('https://w3w.co/waverley.steps.train');

      // The same words stored in the grid's code (a report made before the switch to what3words): they
      // are not a what3words address, so the link is the map at the report's coordinates.
      await t.database.db.updateTable('reports').set({ words_scheme: 'grid' }).where('id', '=', report.id).execute();
      expect(await linkInList()).toBe(
        'https://www.openstreetmap.org/?mlat=55.951960&mlon=-3.189370#map=19/55.951960/-3.189370',
      );
    });

    it('unknown words are refused with AutoSuggest suggestions clipped to the city', async () => {
      const response = await submit(t, { what3words: 'waverley.steps.trian' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BadWords',
        title: 'Location not found',
        message: 'That three-word location does not exist. Please check the words for a typo.',
        suggestions: ['waverley.steps.train'],
      });
      const call = fake.requests.findLast((r) => r.path.endsWith('/autosuggest'));
      expect(call?.query).toMatchObject({
        input: 'waverley.steps.trian',
        'clip-to-bounding-box': '55.81,-3.45,56.01,-3.05',
        'n-results': '3',
        key: FAKE_W3W_KEY,
      });
      // A place outside the city is never suggested.
      const glasgow = (await submit(t, { what3words: 'george.square.glasgw' })).json();
      expect(glasgow.suggestions).toEqual([]);
    });

    it('AutoSuggest is asked to favour where the person stands, and its places come nearest first with area and distance', async () => {
      const waverley = { nearLatitude: '55.95196', nearLongitude: '-3.18937' };
      const inTown = (await submit(t, { what3words: 'bridge.mural.south', ...waverley })).json();
      expect(fake.requests.findLast((r) => r.path.endsWith('/autosuggest'))?.query).toMatchObject({
        focus: '55.95196,-3.18937',
      });
      expect(inTown.suggestionDetails.from).toBe('device');
      expect(inTown.suggestionDetails.places).toEqual([
        { words: 'bridge.mural.north', area: 'Edinburgh', distanceMetres: expect.any(Number) },
        { words: 'bridge.mural.forth', area: 'South Queensferry, Edinburgh', distanceMetres: expect.any(Number) },
      ]);
      expect(inTown.suggestionDetails.places[0].distanceMetres).toBeLessThan(300);
      expect(inTown.suggestionDetails.places[1].distanceMetres).toBeGreaterThan(12_000);
      expect(inTown.suggestions).toEqual(['bridge.mural.north', 'bridge.mural.forth']);

      // At the Forth bridges the order turns round.
      const queensferry = { nearLatitude: '55.9895', nearLongitude: '-3.3960' };
      const there = (await submit(t, { what3words: 'bridge.mural.south', ...queensferry })).json();
      expect(there.suggestions).toEqual(['bridge.mural.forth', 'bridge.mural.north']);
      expect(there.suggestionDetails.places[0].distanceMetres).toBeLessThan(1000);

      // With no position, from the city centre.
      const centre = (await submit(t, { what3words: 'bridge.mural.south' })).json();
      expect(centre.suggestionDetails.from).toBe('city-centre');
      expect(fake.requests.findLast((r) => r.path.endsWith('/autosuggest'))?.query.focus).toBe('55.9533,-3.1883');
    });

    it('a real location outside Edinburgh is refused and the reporter is told why', async () => {
      const response = await submit(t, { what3words: 'george.square.glasgow' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'OutsideArea',
        title: 'Outside Edinburgh',
        message: 'That three-word location is outside Edinburgh. Please enter the location of graffiti in Edinburgh.',
      });
    });

    it('the typed words stay the truth: a far camera position or a device outside the city does not move the report', async () => {
      const words = 'waverley.steps.train';
      const withPhotoAt = async (at: { latitude: number; longitude: number }) => {
        const { payload, headers } = await multipartBody(
          { what3words: words },
          { photo: { data: await jpegWithGps(at), name: 'IMG_0043.jpg', type: 'image/jpeg' } },
        );
        return reportSchema.parse(
          (await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers })).json(),
        );
      };
      const lisbon = await withPhotoAt({ latitude: 38.7223, longitude: -9.1393 });
      expect(lisbon).toMatchObject({ locationSource: 'words', latitude: 55.95196, longitude: -3.18937 });
      const near = await withPhotoAt({ latitude: 55.9525, longitude: -3.18937 });
      expect(near.locationSource).toBe('photo');
      expect(near.latitude).toBeCloseTo(55.9525, 4);
      const glasgow = { latitude: '55.8611', longitude: '-4.2503' };
      for (const locationSource of ['photo', 'device']) {
        const report = reportSchema.parse((await submit(t, { what3words: words, ...glasgow, locationSource })).json());
        expect(report, locationSource).toMatchObject({ locationSource: 'words', latitude: 55.95196 });
      }
      const device = reportSchema.parse(
        (
          await submit(t, { what3words: words, latitude: '55.9521', longitude: '-3.1890', locationSource: 'device' })
        ).json(),
      );
      expect(device).toMatchObject({ locationSource: 'device', latitude: 55.9521, longitude: -3.189 });
    });

    it('a used-up what3words quota still stores the report, without coordinates', async () => {
      const response = await submit(quota, { what3words: 'waverley.steps.train' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ latitude: null, locationSource: null });
    });

    it('the conversion routes answer through the app, and a quota error carries the spec title', async () => {
      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/location/coordinates-to-words?lat=55.948595&lng=-3.199913',
      });
      expect(ok.json()).toMatchObject({ words: 'castle.rock.esplanade' });
      const refused = await quota.app.inject({
        method: 'GET',
        url: '/api/location/words-to-coordinates?words=waverley.steps.train',
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'QuotaExceeded', title: 'Service temporarily unavailable' });
      expect(JSON.stringify(refused.json())).not.toContain(FAKE_W3W_QUOTA_KEY);
    });
  });
});
