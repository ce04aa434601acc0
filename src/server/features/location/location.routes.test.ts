import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandler } from '#server/plugins/error-handler.ts';
import { FAKE_W3W_KEY, FAKE_W3W_QUOTA_KEY, startFakeWhat3words, type FakeWhat3words } from '#tests/fake-what3words.ts';
import { apiRoutes } from '#shared/contracts/api-routes.ts';
import { conversionResultSchema } from '#shared/contracts/location.ts';

const locationPaths = {
  coordinatesToWords: apiRoutes.location.coordinatesToWords.path,
  wordsToCoordinates: apiRoutes.location.wordsToCoordinates.path,
  provider: apiRoutes.location.provider.path,
};
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { locationRoutes } from './location.routes.ts';
import { createLocationService, locationServiceFromConfig, type LocationService } from './location.service.ts';

async function buildLocationApp(location: LocationService): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(locationRoutes, { location });
  await app.ready();
  return app;
}

const toWords = (lat: string | number, lng: string | number) =>
  `${locationPaths.coordinatesToWords}?lat=${encodeURIComponent(lat)}&lng=${encodeURIComponent(lng)}`;
const toCoordinates = (words: string) => `${locationPaths.wordsToCoordinates}?words=${encodeURIComponent(words)}`;

describe('location API with the built-in grid', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildLocationApp(createLocationService({ provider: 'grid' }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('says which provider answers, so the page can word things honestly', async () => {
    const response = await app.inject({ method: 'GET', url: locationPaths.provider });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'grid' });
  });

  it('turns a position into three words and the words back into the square it names', async () => {
    const response = await app.inject({ method: 'GET', url: toWords(55.9533, -3.1883) });
    expect(response.statusCode).toBe(200);
    const result = conversionResultSchema.parse(response.json());
    expect(result).toEqual({
      lat: 55.953304,
      lng: -3.188309,
      words: 'bleak.exhaust.jewel',
      language: 'en',
      map: 'https://www.openstreetmap.org/?mlat=55.953304&mlon=-3.188309#map=19/55.953304/-3.188309',
    });
    expect(response.headers['cache-control']).toBe('no-store');

    const back = await app.inject({ method: 'GET', url: toCoordinates('///Bleak.Exhaust.Jewel') });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual(result);
  });

  it('a query without lat, or with a lat that is not a number or out of range, is refused with 400', async () => {
    const cases: [string, string][] = [
      [`${locationPaths.coordinatesToWords}?lng=-3.18`, 'lat is required'],
      [toWords('', -3.18), 'lat must be a number from -90 to 90'],
      [toWords('north', -3.18), 'lat must be a number from -90 to 90'],
      [toWords(91, -3.18), 'lat must be a number from -90 to 90'],
      [toWords(55.95, 181), 'lng must be a number from -180 to 180'],
    ];
    for (const [url, message] of cases) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(errorResponseSchema.parse(response.json())).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message,
      });
    }
  });

  it('missing or malformed words are refused with 400 "Please enter a valid three-word location"', async () => {
    const missing = await app.inject({ method: 'GET', url: locationPaths.wordsToCoordinates });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('words is required');
    for (const words of ['bleak.exhaust', 'bleak exhaust jewel', '<b>.x.y']) {
      const response = await app.inject({ method: 'GET', url: toCoordinates(words) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please enter a valid three-word location');
    }
  });

  it('a position outside the Edinburgh area is refused with 400 OutsideArea', async () => {
    const response = await app.inject({ method: 'GET', url: toWords(51.5074, -0.1278) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'OutsideArea',
      message: 'This position is outside the Edinburgh area, so it has no three-word location here.',
    });
  });

  it('words off the list get 400 BadWords; list words naming no square get 400 OutsideArea', async () => {
    const offList = await app.inject({ method: 'GET', url: toCoordinates('graffiti.exhaust.jewel') });
    expect(offList.statusCode).toBe(400);
    expect(offList.json()).toMatchObject({ code: 'BadWords' });
    const nowhere = await app.inject({ method: 'GET', url: toCoordinates('abandon.ability.abandon') });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({ code: 'OutsideArea' });
  });

  it('the grid is the provider when no what3words key is configured', () => {
    expect(
      locationServiceFromConfig({ w3wApiKey: undefined, w3wApiUrl: 'https://api.what3words.com/v3' }).provider,
    ).toBe('grid');
    expect(locationServiceFromConfig({ w3wApiKey: 'k', w3wApiUrl: 'https://api.what3words.com/v3' }).provider).toBe(
      'what3words',
    );
    expect(() => createLocationService({ provider: 'what3words' })).toThrow(/W3W_API_KEY/);
  });
});

describe('location API with what3words (fake server)', () => {
  let fake: FakeWhat3words;
  const apps: FastifyInstance[] = [];
  const appWithKey = async (key: string) => {
    const app = await buildLocationApp(
      createLocationService({ provider: 'what3words', w3wApiKey: key, w3wApiUrl: fake.url }),
    );
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    fake = await startFakeWhat3words();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fake.close();
  });

  it('converts both ways through our server, and the key never appears in our answers', async () => {
    const app = await appWithKey(FAKE_W3W_KEY);
    expect((await app.inject({ method: 'GET', url: locationPaths.provider })).json()).toEqual({
      provider: 'what3words',
    });

    const words = await app.inject({ method: 'GET', url: toWords(55.975212, -3.170174) });
    expect(words.statusCode).toBe(200);
    expect(words.json()).toEqual({
      lat: 55.975212,
      lng: -3.170174,
      words: 'shore.leith.harbour',
      language: 'en',
      map: 'https://w3w.co/shore.leith.harbour',
    });
    const coordinates = await app.inject({ method: 'GET', url: toCoordinates('///shore.leith.harbour') });
    expect(coordinates.statusCode).toBe(200);
    expect(coordinates.json()).toMatchObject({ lat: 55.975212, lng: -3.170174, words: 'shore.leith.harbour' });
    expect(words.body + coordinates.body).not.toContain(FAKE_W3W_KEY);
    expect(fake.requests.every((request) => request.query.key === FAKE_W3W_KEY)).toBe(true);
  });

  it("a bad key answers 502 with 'Location Service Authentication Issue' and code InvalidKey", async () => {
    const app = await appWithKey('wrong-key');
    const response = await app.inject({ method: 'GET', url: toWords(55.95196, -3.18937) });
    expect(response.statusCode).toBe(502);
    const body = errorResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      statusCode: 502,
      error: 'Bad Gateway',
      title: 'Location Service Authentication Issue',
      code: 'InvalidKey',
    });
    expect(body.message).not.toContain('wrong-key');
  });

  it("a used-up plan answers 503 with 'Service temporarily unavailable' and code QuotaExceeded", async () => {
    const app = await appWithKey(FAKE_W3W_QUOTA_KEY);
    const response = await app.inject({ method: 'GET', url: toCoordinates('castle.rock.esplanade') });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      statusCode: 503,
      error: 'Service Unavailable',
      title: 'Service temporarily unavailable',
      code: 'QuotaExceeded',
    });
  });

  it('unknown words answer 400 with code BadWords', async () => {
    const app = await appWithKey(FAKE_W3W_KEY);
    const response = await app.inject({ method: 'GET', url: toCoordinates('no.such.place') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'BadWords',
      message: 'That three-word location does not exist. Please check the words for a typo.',
    });
  });
});
