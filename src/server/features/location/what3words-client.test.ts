import { afterAll, beforeAll, beforeEach, describe, it, expect } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FAKE_W3W_BROKEN_KEY,
  FAKE_W3W_HANG_KEY,
  FAKE_W3W_KEY,
  FAKE_W3W_QUOTA_KEY,
  startFakeWhat3words,
  type FakeWhat3words,
} from '#tests/fake-what3words.ts';
import { conversionResultSchema } from '#shared/contracts/location.ts';
import { createWhat3wordsClient, LocationServiceError } from './what3words-client.ts';

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(LocationServiceError);
  const e = error as LocationServiceError;
  return {
    statusCode: e.statusCode,
    code: e.options.code,
    title: e.options.title,
    message: e.message,
    upstream: e.upstream,
  };
}

describe('what3words provider against a fake what3words server', () => {
  let fake: FakeWhat3words;
  const client = (apiKey: string, timeoutMs?: number) =>
    createWhat3wordsClient({ apiKey, baseUrl: fake.url, timeoutMs });

  beforeAll(async () => {
    fake = await startFakeWhat3words();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('converts words to coordinates, sending the key as a query parameter and as X-Api-Key', async () => {
    const result = await client(FAKE_W3W_KEY).wordsToCoordinates('  ///Castle.Rock.Esplanade ');
    expect(conversionResultSchema.parse(result)).toEqual({
      lat: 55.948595,
      lng: -3.199913,
      words: 'castle.rock.esplanade',
      language: 'en',
      map: 'https://w3w.co/castle.rock.esplanade',
    });
    expect(fake.requests).toEqual([
      {
        method: 'GET',
        path: '/v3/convert-to-coordinates',
        query: { words: 'castle.rock.esplanade', key: FAKE_W3W_KEY },
        apiKeyHeader: FAKE_W3W_KEY,
      },
    ]);
  });

  it('converts coordinates to words in English', async () => {
    const result = await client(FAKE_W3W_KEY).coordinatesToWords(55.95196, -3.18937);
    expect(result).toEqual({
      lat: 55.95196,
      lng: -3.18937,
      words: 'waverley.steps.train',
      language: 'en',
      map: 'https://w3w.co/waverley.steps.train',
    });
    expect(fake.requests[0]).toMatchObject({
      path: '/v3/convert-to-3wa',
      query: { coordinates: '55.95196,-3.18937', language: 'en', key: FAKE_W3W_KEY },
      apiKeyHeader: FAKE_W3W_KEY,
    });
  });

  it('a trailing slash on W3W_API_URL does not change the calls', async () => {
    const result = await createWhat3wordsClient({ apiKey: FAKE_W3W_KEY, baseUrl: `${fake.url}/` }).wordsToCoordinates(
      'arthur.seat.summit',
    );
    expect(result.words).toBe('arthur.seat.summit');
    expect(fake.requests[0]!.path).toBe('/v3/convert-to-coordinates');
  });

  it("a bad key (401 InvalidKey) becomes 502 'Location Service Authentication Issue', never a 401 for our client", async () => {
    for (const call of [
      (c: ReturnType<typeof client>) => c.wordsToCoordinates('castle.rock.esplanade'),
      (c: ReturnType<typeof client>) => c.coordinatesToWords(55.95196, -3.18937),
    ]) {
      const refused = await refusal(call(client('wrong-key')));
      expect(refused).toMatchObject({
        statusCode: 502,
        code: 'InvalidKey',
        title: 'Location Service Authentication Issue',
        upstream: { status: 401, code: 'InvalidKey', message: 'Authentication failed; invalid API key' },
      });
      expect(refused.message).toMatch(/enter the three-word location manually/);
    }
  });

  it("a used-up plan (402 QuotaExceeded) becomes 503 'Service temporarily unavailable'; convert-to-3wa still works", async () => {
    const quota = client(FAKE_W3W_QUOTA_KEY);
    const refused = await refusal(quota.wordsToCoordinates('castle.rock.esplanade'));
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'QuotaExceeded',
      title: 'Service temporarily unavailable',
      upstream: { status: 402, code: 'QuotaExceeded' },
    });
    expect(refused.message).toMatch(/manually/);
    expect((await quota.coordinatesToWords(55.948595, -3.199913)).words).toBe('castle.rock.esplanade');
  });

  it('words what3words does not know (400 BadWords) are refused with a clear 400', async () => {
    const refused = await refusal(client(FAKE_W3W_KEY).wordsToCoordinates('no.such.place'));
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'BadWords',
      message: 'That three-word location does not exist. Please check the words for a typo.',
      upstream: { status: 400, code: 'BadWords', message: 'Invalid or non-existent 3 word address' },
    });
    expect(refused.title).toBeUndefined();
  });

  it('malformed words are refused before any call is made', async () => {
    const refused = await refusal(client(FAKE_W3W_KEY).wordsToCoordinates('just two'));
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'BadWords',
      message: 'Please enter a valid three-word location',
    });
    expect(fake.requests).toEqual([]);
  });

  it("another failure of the service (500, not JSON) becomes 502 'Location Service Error'", async () => {
    const refused = await refusal(client(FAKE_W3W_BROKEN_KEY).coordinatesToWords(55.95196, -3.18937));
    expect(refused).toMatchObject({
      statusCode: 502,
      code: 'ServiceError',
      title: 'Location Service Error',
      upstream: { status: 500 },
    });
  });

  it("a service that cannot be reached becomes 502 'Location Service Error'", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createWhat3wordsClient({ apiKey: FAKE_W3W_KEY, baseUrl: `http://127.0.0.1:${port}/v3` });
    expect(await refusal(unreachable.wordsToCoordinates('castle.rock.esplanade'))).toMatchObject({
      statusCode: 502,
      code: 'ServiceError',
      title: 'Location Service Error',
    });
  });

  it("a service that hangs past the timeout becomes 504 'Location Service Error' with code Timeout", async () => {
    const started = Date.now();
    const refused = await refusal(client(FAKE_W3W_HANG_KEY, 200).coordinatesToWords(55.95196, -3.18937));
    expect(refused).toMatchObject({ statusCode: 504, code: 'Timeout', title: 'Location Service Error' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(fake.requests).toHaveLength(1);
  });
});
