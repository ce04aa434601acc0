// The open data downloads on both databases: GeoJSON and CSV of every report's public record, the
// licence each states (the operator's choice, the Open Government Licence unless set), nothing
// personal, and conditional GET.
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { reportFullOfPersonalData } from '#tests/privacy.ts';
import { ConfigError, loadConfig } from '#server/config.ts';

const OGL = 'Open Government Licence v3.0';
const OGL_URL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';
const NOW = new Date('2026-11-29T04:30:00.000Z');

interface Feature {
  type: 'Feature';
  id: number;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Record<string, unknown>;
}

describe.each(testDatabaseKinds)('open data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock: { now: () => NOW } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  async function seed(extra: { offensive?: boolean; status?: 'reported' | 'completed'; placed?: boolean } = {}) {
    const row = await t.database.db
      .insertInto('reports')
      .values({
        what3words: 'filled.count.soap',
        description: 'Seen by Jo Bloggs, jo@example.org',
        photo_key: `key${Math.random().toString(36).slice(2)}`,
        status: extra.status ?? 'reported',
        reported_at: '2026-11-20T09:15:30.250Z',
        completed_at: extra.status === 'completed' ? '2026-11-21T10:00:00.000Z' : null,
        updated_at: '2026-11-20T09:15:30.250Z',
        latitude: extra.placed === false ? null : 55.9533,
        longitude: extra.placed === false ? null : -3.1883,
        words_scheme: 'grid',
        priority: extra.offensive ? 1 : 0,
        status_token: `a-private-status-token-${Math.random().toString(36).slice(2)}`,
      })
      .returning(['id', 'photo_key'])
      .executeTakeFirstOrThrow();
    return row;
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('gives every report as a GeoJSON point [longitude, latitude] under the Open Government Licence', async () => {
    const plain = await seed({ status: 'completed' });
    const offensive = await seed({ offensive: true });
    const unplaced = await seed({ placed: false });
    const response = await get('/api/open-data/reports.geojson');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(response.headers.link).toBe(`<${OGL_URL}>; rel="license"; title="${OGL}"`);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const collection = response.json() as { type: string; licence: unknown; features: Feature[] };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.licence).toEqual({ name: OGL, url: OGL_URL });
    const byId = new Map(collection.features.map((feature) => [feature.id, feature]));
    expect(byId.get(plain.id)).toEqual({
      type: 'Feature',
      id: plain.id,
      geometry: { type: 'Point', coordinates: [-3.1883, 55.9533] },
      properties: {
        id: plain.id,
        reported_at: '2026-11-20T09:15:30Z',
        status: 'completed',
        completed_at: '2026-11-21T10:00:00Z',
        what3words: 'filled.count.soap',
        photo_url: `http://localhost:3000/photos/${plain.photo_key}.jpg`,
      },
    });
    expect(byId.get(offensive.id)!.properties.photo_url).toBeNull();
    expect(byId.get(unplaced.id)!.geometry).toBeNull();
  });

  it('gives the same as CSV, one header row, the offensive photo left empty', async () => {
    const plain = await seed();
    const offensive = await seed({ offensive: true, status: 'completed' });
    const response = await get('/api/open-data/reports.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toBe('attachment; filename="graffiti-reports.csv"');
    expect(response.headers.link).toBe(`<${OGL_URL}>; rel="license"; title="${OGL}"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,reported_at,status,completed_at,what3words,latitude,longitude,photo_url');
    expect(lines.slice(1).sort()).toEqual(
      [
        `${plain.id},2026-11-20T09:15:30Z,reported,,filled.count.soap,55.9533,-3.1883,http://localhost:3000/photos/${plain.photo_key}.jpg`,
        `${offensive.id},2026-11-20T09:15:30Z,completed,2026-11-21T10:00:00Z,filled.count.soap,55.9533,-3.1883,`,
      ].sort(),
    );
  });

  it('answers 304 to a client with the file, and the new file once a report changes', async () => {
    await seed();
    for (const url of ['/api/open-data/reports.geojson', '/api/open-data/reports.csv']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=300');
      await seed();
      const changed = await get(url, { 'if-none-match': etag });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    }
  });

  it('sends the file compressed to a client that takes Brotli', async () => {
    await seed();
    const plain = await get('/api/open-data/reports.geojson');
    const compressed = await get('/api/open-data/reports.geojson', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('shows nothing personal in either file', async () => {
    const { photoUrl, traces } = await reportFullOfPersonalData(t.app, t.database.db, NOW);
    for (const url of ['/api/open-data/reports.geojson', '/api/open-data/reports.csv']) {
      const response = await get(url);
      expect(response.body).toContain(`http://localhost:3000${photoUrl}`);
      for (const trace of traces) expect(response.body, url).not.toContain(trace);
    }
  });
});

describe('open data licence and limits', () => {
  it('states the licence the operator set', async () => {
    const t = await buildTestApp('sqlite', {
      config: {
        publicUrl: 'https://example.org',
        logLevel: 'silent',
        trustProxy: undefined,
        openData: { licenceName: 'CC BY 4.0', licenceUrl: 'https://creativecommons.org/licenses/by/4.0/' },
      },
    });
    try {
      const geojson = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.geojson' });
      expect(geojson.json().licence).toEqual({
        name: 'CC BY 4.0',
        url: 'https://creativecommons.org/licenses/by/4.0/',
      });
      const csv = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv' });
      expect(csv.headers.link).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"; title="CC BY 4.0"');
    } finally {
      await t.close();
    }
  });

  it('reads the licence from the environment, the Open Government Licence unless both are set', () => {
    expect(loadConfig({}).openData).toEqual({ licenceName: OGL, licenceUrl: OGL_URL });
    expect(
      loadConfig({
        OPEN_DATA_LICENCE_NAME: 'CC BY 4.0',
        OPEN_DATA_LICENCE_URL: 'https://creativecommons.org/licenses/by/4.0/',
      }).openData,
    ).toEqual({ licenceName: 'CC BY 4.0', licenceUrl: 'https://creativecommons.org/licenses/by/4.0/' });
    expect(() => loadConfig({ OPEN_DATA_LICENCE_NAME: 'CC BY 4.0' })).toThrow(ConfigError);
    expect(() => loadConfig({ OPEN_DATA_LICENCE_NAME: 'x', OPEN_DATA_LICENCE_URL: 'not a url' })).toThrow(
      /OPEN_DATA_LICENCE_URL must be an http\(s\) URL/,
    );
  });

  it('limits whole downloads per client, but never a revalidation', async () => {
    const t = await buildTestApp('sqlite', { limits: { openDataPerMinute: 2 } });
    try {
      const from = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv', remoteAddress: '203.0.113.9', headers });
      const first = await from();
      expect((await from()).statusCode).toBe(200);
      const refused = await from();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toContain('Too many downloads');
      expect((await from({ 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    } finally {
      await t.close();
    }
  });
});
