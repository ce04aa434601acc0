// Whatever a client sends, the answer is never a 5xx: every JSON and multipart route of the app is fed
// generated input (text with NUL characters, ids past what a database column holds, dates from
// nowhere, wrong types, broken forms) as an administrator who is also a signed-in volunteer, so the
// input reaches past the access checks. The shared schemas must refuse what either database cannot store.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { apiRoutesOf } from '#tests/route-tree.ts';

/** Field names the API's bodies and forms use, so generated values land where they are read. */
const FIELD_NAMES = [
  'email',
  'name',
  'code',
  'token',
  'passcode',
  'next',
  'what3words',
  'words',
  'latitude',
  'longitude',
  'lat',
  'lng',
  'description',
  'location',
  'date',
  'mapsLink',
  'notes',
  'status',
  'capacity',
  'volunteerIds',
  'volunteerEmail',
  'mucuId',
  'reportId',
  'excludeReportIds',
  'radiusKm',
  'centre',
  'digestHour',
  'enabled',
  'on',
  'endpoint',
  'keys',
  'minutes',
  'priority',
  'offensive',
  'uploadedBy',
  'photoId',
  'x',
  'y',
  'width',
  'height',
  'areas',
  'q',
  'sort',
  'before',
  'limit',
  'from',
  'to',
  'cursor',
  'email_updates',
  'notify',
] as const;

const text = fc.oneof(
  fc.string(),
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom('2147483648', '99999999999999999999', '-1', '0', '1e400', 'NaN', '99999', '+099999-01-01', ''),
  fc.constantFrom('2026-12-05T10:00:00Z', 'rally.census.refuse', 'a@example.org', '///filled.count.soap'),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e308, -0.5, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), scalar, { maxKeys: 3 }),
);
const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }) },
  fc.jsonValue({ maxDepth: 2 }),
);
const pathParam = fc.oneof(
  fc.constantFrom('1', '2', '2147483647', '2147483648', '4294967296', '-1', '0', '1.5', 'abc', '%00', '%E2%82%AC'),
  fc.nat().map(String),
);
const query = fc.dictionary(fc.constantFrom(...FIELD_NAMES), text, { maxKeys: 4 });

describe.each(testDatabaseKinds)('no input reaches a 500 on %s', (kind) => {
  let t: TestApp;
  let cookies: Cookies;
  let routes: string[];
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(kind, { limits: { reportSubmissionsPerHour: 100_000, signInRequestsPerClient: 100_000 } });
    cookies = { ...(await adminCookies(t.app)), ...(await volunteerSession(t.database, 'fuzz@example.org')).cookies };
    routes = apiRoutesOf(t.app);
    jpeg = await plainJpeg();
  });
  afterAll(() => t.close());

  async function send(route: string, params: string[], q: Record<string, string>, payload: unknown, form: boolean) {
    const [method, pattern] = route.split(' ') as [string, string];
    let i = 0;
    const path = pattern.replace(/:[^/]+/g, () => params[i++ % params.length]!);
    const search = new URLSearchParams(q).toString();
    const url = `${path}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = { origin: 'http://localhost:3000' };
    if (method === 'GET' || method === 'HEAD') return t.app.inject({ method: method as 'GET', url, cookies, headers });
    if (form) {
      const fields = Object.fromEntries(
        Object.entries((payload ?? {}) as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
        ]),
      );
      const photo = { data: jpeg, name: 'a.jpg', type: 'image/jpeg' };
      const multipart = await multipartBody(fields, { photo, beforePhoto: photo, afterPhoto: photo, photos: [photo] });
      return t.app.inject({
        method: method as 'POST',
        url,
        cookies,
        payload: multipart.payload,
        headers: { ...headers, ...multipart.headers },
      });
    }
    return t.app.inject({
      method: method as 'POST',
      url,
      cookies,
      payload: JSON.stringify(payload),
      headers: { ...headers, 'content-type': 'application/json' },
    });
  }

  it('an id of 2^31 or more and a NUL character in any text are bad requests (400)', async () => {
    const photos = await t.app.inject({ method: 'GET', url: '/api/reports/2147483648/photos' });
    expect(photos.statusCode).toBe(400);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/auth/signin',
      payload: { email: 'nul@example.org', name: 'Ail\u0000sa' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().message).toBe('Text must not contain the NUL character (\\u0000).');
    const form = await multipartBody(
      { what3words: 'rally.census.refuse', description: 'bag\u0000s' },
      { photo: { data: jpeg, name: 'a.jpg', type: 'image/jpeg' } },
    );
    const report = await t.app.inject({ method: 'POST', url: '/api/reports', ...form });
    expect(report.statusCode).toBe(400);
  });

  it('an id of 2^31 or more in a body or a form is a bad request (400), wherever it is sent', async () => {
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/mucus',
      cookies,
      payload: { location: 'Leith Walk', date: '2026-12-05T10:00:00Z' },
    });
    expect(event.statusCode).toBe(201);
    const eventId = event.json().id as number;
    for (const tooBig of [2 ** 31, 2 ** 32, 2 ** 53]) {
      const bodies: Array<[string, string, unknown]> = [
        ['POST', '/api/admin/mucu-attendance', { mucuId: tooBig, volunteerEmail: 'big@example.org' }],
        ['POST', '/api/admin/mucu-attendance', { mucuId: String(tooBig), volunteerEmail: 'big@example.org' }],
        ['POST', '/api/admin/reports/status', { ids: [tooBig], status: 'completed' }],
        ['POST', `/api/admin/mucus/${eventId}/attendance`, { volunteerIds: [tooBig] }],
        ['POST', '/api/find-nearby', { latitude: 55.95, longitude: -3.19, excludeReportIds: [tooBig] }],
        ['GET', `/api/admin/audit-log?before=${tooBig}`, undefined],
      ];
      for (const [method, url, payload] of bodies) {
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          cookies,
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      }
      const form = await multipartBody(
        { reportId: String(tooBig) },
        {
          beforePhoto: { data: jpeg, name: 'b.jpg', type: 'image/jpeg' },
          afterPhoto: { data: jpeg, name: 'a.jpg', type: 'image/jpeg' },
        },
      );
      const complete = await t.app.inject({ method: 'POST', url: '/api/cleanup/complete', cookies, ...form });
      expect(complete.statusCode, `complete: ${complete.body}`).toBe(400);
    }
  });

  it('every route answers generated input with something other than 5xx', async () => {
    // Erasing the fuzzing volunteer would only end the test's session early.
    const fuzzed = routes.filter((route) => route !== 'DELETE /api/volunteers/me');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fuzzed),
        fc.array(pathParam, { minLength: 1, maxLength: 2 }),
        query,
        body,
        fc.boolean(),
        async (route, params, q, payload, form) => {
          const response = await send(route, params, q, payload, form);
          if (response.statusCode >= 500) {
            throw new Error(`${route} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
          }
        },
      ),
      {
        numRuns: Number(process.env.FUZZ_RUNS ?? 400),
        seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
      },
    );
    expect(fuzzed.length).toBeGreaterThan(30);
  }, 240_000);
});
