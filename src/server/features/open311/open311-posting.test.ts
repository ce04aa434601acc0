// POST requests from partner apps, on both databases: a key is needed (403 in the specification's
// error body otherwise), a request makes a report through the app's own intake with the photo fetched
// from media_url (metadata stripped), marked with the partner's name; anything wrong is a 400 (404 for
// an unknown service) in the format asked for; each key is limited per hour.
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { FIXTURE_GPS, jpegWithGps } from '#tests/fixture-photos.ts';
import { startMediaServer, type MediaServer } from '#tests/media-server.ts';
import { adminCookies } from '#tests/sessions.ts';
import { isPublicAddress } from '#server/http/public-address.ts';

const parser = new XMLParser({ parseTagValue: false });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(testDatabaseKinds)('Open311 POST requests on %s', (kind) => {
  let t: TestApp;
  let media: MediaServer;
  let key: string;
  let keyId: number;

  beforeAll(async () => {
    media = await startMediaServer();
    media.photo('/wall.jpg', await jpegWithGps());
    t = await buildTestApp(kind, {
      limits: { open311PostsPerKeyPerHour: 8 },
      // The test's photo server on 127.0.0.1, with its own certificate: allowed here only.
      open311MediaFetch: {
        policy: { allows: (address) => address === '127.0.0.1' || isPublicAddress(address) },
        ca: media.ca,
      },
    });
    const admin = await adminCookies(t.app);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/open311/keys',
      cookies: admin,
      payload: { name: 'Walls App' },
    });
    ({ secret: key } = issued.json());
    keyId = issued.json().key.id;
  });
  afterAll(async () => {
    await t.close();
    await media.close();
  });

  const post = (format: 'xml' | 'json', fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/open311/v2/requests.${format}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', 'sec-fetch-site': undefined },
      payload: form(fields),
    });
  const good = () => ({
    api_key: key,
    service_code: 'graffiti',
    lat: String(FIXTURE_GPS.latitude),
    long: String(FIXTURE_GPS.longitude),
    description: 'Tag on the bins behind the library',
    media_url: `${media.origin}/wall.jpg`,
    email: 'someone@example.org',
    first_name: 'Someone',
  });

  it('makes a report from a partner’s request, marked with the partner’s name, its photo without metadata', async () => {
    const response = await post('xml', good());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const request = parser.parse(response.body).service_requests.request;
    expect(Object.keys(request)).toEqual(['service_request_id', 'service_notice', 'account_id']);
    const id = Number(request.service_request_id);
    expect(id).toBeGreaterThan(0);

    const report = await t.database.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(report.description).toBe('Tag on the bins behind the library');
    expect(report.latitude).toBeCloseTo(FIXTURE_GPS.latitude, 4);
    expect(report.what3words).toMatch(/^[a-z]+\.[a-z]+\.[a-z]+$/);
    expect(Boolean(report.priority)).toBe(false);
    // Nothing personal a partner sent is kept.
    expect(JSON.stringify(report)).not.toContain('someone@example.org');
    const mark = await t.database.db
      .selectFrom('open311_partner_requests')
      .selectAll()
      .where('report_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(mark).toMatchObject({ partner_name: 'Walls App', api_key_id: keyId });

    const photo = await t.app.inject({ method: 'GET', url: `/photos/${report.photo_key}.jpg` });
    expect(photo.statusCode).toBe(200);
    expect(await exifr.gps(photo.rawPayload).catch(() => undefined)).toBeUndefined();

    // It reads back through GET like any report, and the key shows its use.
    const read = await t.app.inject({ method: 'GET', url: `/open311/v2/requests/${id}.json` });
    expect(read.json()[0]).toMatchObject({ service_request_id: id, status: 'open', service_code: 'graffiti' });
    const keys = await t.app.inject({
      method: 'GET',
      url: '/api/admin/open311/keys',
      cookies: await adminCookies(t.app),
    });
    expect(keys.json()[0]).toMatchObject({ name: 'Walls App', requests: 1 });
    expect(keys.json()[0].lastUsedAt).not.toBeNull();
  });

  it('answers JSON, takes three words as address_string, and marks offensive graffiti', async () => {
    const words = (await t.database.db.selectFrom('reports').select('what3words').executeTakeFirstOrThrow()).what3words;
    const { lat: _lat, long: _long, ...rest } = good();
    const response = await post('json', { ...rest, service_code: 'graffiti-offensive', address_string: `///${words}` });
    expect(response.statusCode).toBe(200);
    const [created] = response.json();
    expect(created).toEqual({
      service_request_id: expect.any(Number),
      service_notice: expect.any(String),
      account_id: null,
    });
    const report = await t.database.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', created.service_request_id)
      .executeTakeFirstOrThrow();
    expect(report.what3words).toBe(words);
    expect(Boolean(report.priority)).toBe(true);
  });

  it('refuses a missing, wrong or revoked key with 403 in the specification’s error body', async () => {
    const { api_key: _key, ...withoutKey } = good();
    for (const fields of [
      withoutKey,
      { ...withoutKey, api_key: 'cue311_' + 'x'.repeat(43) },
      { ...withoutKey, api_key: 'guess' },
    ]) {
      const xml = await post('xml', fields);
      expect(xml.statusCode).toBe(403);
      expect(parser.parse(xml.body).errors.error).toEqual({
        code: '403',
        description: expect.stringContaining('api_key is missing'),
      });
      const json = await post('json', fields);
      expect(json.statusCode).toBe(403);
      expect(json.json()).toEqual([{ code: 403, description: expect.stringContaining('api_key is missing') }]);
    }
    const admin = await adminCookies(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/admin/open311/keys',
      cookies: admin,
      payload: { name: 'Gone' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/open311/keys/${other.json().key.id}/revoke`,
      cookies: admin,
    });
    expect((await post('xml', { ...withoutKey, api_key: other.json().secret })).statusCode).toBe(403);
  });

  it('refuses what is wrong with 400 (404 for an unknown service), and a photo at a refused address', async () => {
    const { service_code: _code, ...noCode } = good();
    const { lat: _lat, long: _long, ...noPlace } = good();
    const { media_url: _media, ...noMedia } = good();
    const cases: [Record<string, string>, number, string][] = [
      [noCode, 400, 'service_code is required'],
      [{ ...good(), service_code: 'potholes' }, 404, 'There is no service potholes'],
      [noPlace, 400, 'Give the place as lat and long'],
      [{ ...good(), lat: 'north' }, 400, 'lat and long must both be numbers'],
      [noMedia, 400, 'media_url is required'],
      [{ ...good(), media_url: 'https://[::1]/wall.jpg' }, 400, '[::1] is not a public internet address.'],
      [{ ...good(), media_url: `${media.origin.replace('https', 'http')}/wall.jpg` }, 400, 'must be an https address'],
    ];
    const before = await t.database.db.selectFrom('reports').select('id').execute();
    for (const [fields, status, words] of cases) {
      const json = await post('json', fields);
      expect(json.statusCode, words).toBe(status);
      expect(json.json()[0].description).toContain(words);
    }
    const xml = await post('xml', noMedia);
    expect(parser.parse(xml.body).errors.error.code).toBe('400');
    expect((await t.database.db.selectFrom('reports').select('id').execute()).length).toBe(before.length);
  });

  it('answers a token with the specification’s 404: requests are answered with their id at once', async () => {
    const xml = await t.app.inject({ method: 'GET', url: '/open311/v2/tokens/12345.xml' });
    expect(xml.statusCode).toBe(404);
    expect(parser.parse(xml.body).errors.error.description).toContain('There is no token 12345');
    const json = await t.app.inject({ method: 'GET', url: '/open311/v2/tokens/12345.json' });
    expect(json.json()).toEqual([{ code: 404, description: expect.stringContaining('gives no tokens') }]);
  });

  it('refuses a form past the interface’s own size limit with 413 saying that limit, in the format asked for', async () => {
    const response = await post('json', { ...good(), description: 'x'.repeat(40 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual([
      { code: 413, description: 'The request is too large: at most 32 kB of data may be sent at once.' },
    ]);
  });

  it('limits each key per hour', async () => {
    const { media_url: _media, ...noMedia } = good();
    let last = 0;
    for (let n = 0; n < 10 && last !== 429; n++) last = (await post('json', noMedia)).statusCode;
    expect(last).toBe(429);
  });
});
