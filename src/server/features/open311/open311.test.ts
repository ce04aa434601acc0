// Open311 GeoReport v2, read side, on both databases: every path in XML and JSON, the fields and their
// order as the specification's examples give them, the filters and their defaults, and the refusals.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { reportFullOfPersonalData } from '#tests/privacy.ts';

const NOW = new Date('2026-11-29T04:30:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

/** The request fields in the order GeoReport v2's example gives them, less those we never send. */
const REQUEST_FIELDS = [
  'service_request_id',
  'status',
  'status_notes',
  'service_name',
  'service_code',
  'description',
  'agency_responsible',
  'requested_datetime',
  'updated_datetime',
  'address',
  'zipcode',
  'lat',
  'long',
  'media_url',
];
const SERVICE_FIELDS = ['service_code', 'service_name', 'description', 'metadata', 'type', 'keywords', 'group'];

/** Every value kept as its text, so a test sees exactly what was sent. */
const parser = new XMLParser({ parseTagValue: false, ignoreDeclaration: false, ignoreAttributes: false });
const orderedParser = new XMLParser({ parseTagValue: false, preserveOrder: true });

type Ordered = Record<string, unknown>[];
/** The names of an element's children, in document order, from the ordered parse. */
function childNames(nodes: Ordered, ...path: string[]): string[][] {
  let level: Ordered[] = [nodes];
  for (const name of path) {
    level = level.flatMap((list) => list.filter((node) => name in node).map((node) => node[name] as Ordered));
  }
  return level.map((list) => list.map((node) => Object.keys(node).find((key) => key !== ':@')!));
}

describe.each(testDatabaseKinds)('Open311 GeoReport v2 on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock: { now: () => NOW } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  interface Seed {
    reportedAt?: string;
    status?: 'reported' | 'cleaning' | 'completed';
    offensive?: boolean;
    words?: string;
    completedAt?: string;
    placed?: boolean;
  }
  async function seed(extra: Seed = {}): Promise<number> {
    const reportedAt = extra.reportedAt ?? daysAgo(1);
    const status = extra.status ?? 'reported';
    const row = await t.database.db
      .insertInto('reports')
      .values({
        what3words: extra.words ?? 'filled.count.soap',
        description: 'Written by the reporter: call me on 07700 900123',
        photo_key: `key${Math.random().toString(36).slice(2)}`,
        status,
        reported_at: reportedAt,
        completed_at:
          status === 'completed'
            ? (extra.completedAt ?? new Date(Date.parse(reportedAt) + 3_600_000).toISOString())
            : null,
        updated_at: reportedAt,
        latitude: extra.placed === false ? null : 55.9533,
        longitude: extra.placed === false ? null : -3.1883,
        words_scheme: 'grid',
        priority: extra.offensive ? 1 : 0,
        idempotency_key: `retry-${Math.random().toString(36).slice(2)}-0123456789abcdefghijklmnop`,
        status_token: `token-${Math.random().toString(36).slice(2)}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  async function xmlRequests(url: string) {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const parsed = parser.parse(response.body) as { service_requests: { request?: unknown } | '' };
    const list = parsed.service_requests === '' ? [] : [parsed.service_requests.request ?? []].flat();
    return list as Record<string, string>[];
  }
  async function jsonRequests(url: string) {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    return response.json() as Record<string, unknown>[];
  }
  const idsOf = (list: Record<string, unknown>[]) => list.map((request) => Number(request.service_request_id));

  describe('discovery', () => {
    it('names the v2 endpoint and its two formats in XML, UTF-8 and declared', async () => {
      const response = await get('/open311/v2/discovery.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      const ordered = orderedParser.parse(response.body) as Ordered;
      expect(childNames(ordered, 'discovery')).toEqual([['changeset', 'contact', 'key_service', 'endpoints']]);
      expect(childNames(ordered, 'discovery', 'endpoints', 'endpoint')).toEqual([
        ['specification', 'url', 'changeset', 'type', 'formats'],
      ]);
      const { discovery } = parser.parse(response.body);
      expect(discovery.endpoints.endpoint).toMatchObject({
        specification: 'http://wiki.open311.org/GeoReport_v2',
        url: 'http://localhost:3000/open311/v2',
        type: 'production',
        formats: { format: ['text/xml', 'application/json'] },
      });
    });

    it('says the same in JSON, its lists as arrays', async () => {
      const response = await get('/open311/v2/discovery.json');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toMatchObject({
        changeset: expect.any(String),
        contact: expect.stringContaining('hello@cleanupedinburgh.org'),
        key_service: expect.any(String),
        endpoints: [
          {
            specification: 'http://wiki.open311.org/GeoReport_v2',
            url: 'http://localhost:3000/open311/v2',
            type: 'production',
            formats: ['text/xml', 'application/json'],
          },
        ],
      });
    });

    it('may be read by a web page on any site, refusals too', async () => {
      expect((await get('/open311/v2/discovery.json')).headers['access-control-allow-origin']).toBe('*');
      expect((await get('/open311/v2/requests.json?status=x')).headers['access-control-allow-origin']).toBe('*');
    });

    it('answers 304 to a client that has it', async () => {
      const first = await get('/open311/v2/discovery.xml');
      expect(first.headers['cache-control']).toBe('public, max-age=3600');
      const again = await get('/open311/v2/discovery.xml', { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['cache-control']).toBe('public, max-age=3600');
    });
  });

  describe('services', () => {
    it('lists graffiti and offensive graffiti in XML, fields in the specification order, no metadata', async () => {
      const response = await get('/open311/v2/services.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(childNames(orderedParser.parse(response.body) as Ordered, 'services', 'service')).toEqual([
        SERVICE_FIELDS,
        SERVICE_FIELDS,
      ]);
      const { services } = parser.parse(response.body);
      expect(services.service).toEqual([
        expect.objectContaining({
          service_code: 'graffiti',
          service_name: 'Graffiti',
          metadata: 'false',
          type: 'realtime',
        }),
        expect.objectContaining({
          service_code: 'graffiti-offensive',
          service_name: 'Offensive graffiti',
          metadata: 'false',
          type: 'realtime',
        }),
      ]);
    });

    it('lists the same in JSON, in the same order', async () => {
      const response = await get('/open311/v2/services.json');
      const services = response.json() as Record<string, unknown>[];
      expect(services.map((service) => Object.keys(service))).toEqual([SERVICE_FIELDS, SERVICE_FIELDS]);
      expect(services.map((service) => [service.service_code, service.metadata])).toEqual([
        ['graffiti', false],
        ['graffiti-offensive', false],
      ]);
    });

    it('gives each service a definition without attributes, and 404 for a service that is not there', async () => {
      const xml = await get('/open311/v2/services/graffiti-offensive.xml');
      expect(parser.parse(xml.body)).toMatchObject({
        service_definition: { service_code: 'graffiti-offensive', attributes: '' },
      });
      expect((await get('/open311/v2/services/graffiti.json')).json()).toEqual({
        service_code: 'graffiti',
        attributes: [],
      });

      const missingXml = await get('/open311/v2/services/potholes.xml');
      expect(missingXml.statusCode).toBe(404);
      expect(missingXml.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(parser.parse(missingXml.body)).toMatchObject({
        errors: { error: { code: '404', description: expect.stringContaining('There is no service potholes') } },
      });
      const missingJson = await get('/open311/v2/services/potholes.json');
      expect(missingJson.statusCode).toBe(404);
      expect(missingJson.json()).toEqual([{ code: 404, description: expect.stringContaining('potholes') }]);
    });
  });

  describe('requests', () => {
    it('sends every field in the specification order in XML, with W3C dates and the public photo', async () => {
      const id = await seed({ reportedAt: '2026-11-20T09:15:30.250Z', words: 'index.home.raft' });
      const response = await get('/open311/v2/requests.xml');
      expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(childNames(orderedParser.parse(response.body) as Ordered, 'service_requests', 'request')).toEqual([
        REQUEST_FIELDS,
      ]);
      const [request] = await xmlRequests('/open311/v2/requests.xml');
      const key = (await t.database.db.selectFrom('reports').select('photo_key').executeTakeFirstOrThrow()).photo_key;
      expect(request).toEqual({
        service_request_id: String(id),
        status: 'open',
        status_notes: 'Reported',
        service_name: 'Graffiti',
        service_code: 'graffiti',
        description: 'Graffiti reported to Clean Up Edinburgh.',
        agency_responsible: 'Clean Up Edinburgh',
        requested_datetime: '2026-11-20T09:15:30Z',
        updated_datetime: '2026-11-20T09:15:30Z',
        address: 'index.home.raft',
        zipcode: '',
        lat: '55.9533',
        long: '-3.1883',
        media_url: `http://localhost:3000/photos/${key}.jpg`,
      });
      expect(request!.requested_datetime).toMatch(W3C);
    });

    it('sends the same in JSON: numbers as numbers, the empty zipcode as null', async () => {
      const id = await seed({ reportedAt: '2026-11-20T09:15:30.250Z' });
      const [request] = await jsonRequests('/open311/v2/requests.json');
      expect(Object.keys(request!)).toEqual(REQUEST_FIELDS);
      expect(request).toMatchObject({
        service_request_id: id,
        status: 'open',
        requested_datetime: '2026-11-20T09:15:30Z',
        zipcode: null,
        lat: 55.9533,
        long: -3.1883,
      });
    });

    it('maps reported and being cleaned to open, completed to closed, and says which', async () => {
      const reported = await seed({ reportedAt: daysAgo(3) });
      const cleaning = await seed({ reportedAt: daysAgo(2), status: 'cleaning' });
      const completed = await seed({
        reportedAt: daysAgo(1),
        status: 'completed',
        completedAt: '2026-11-28T12:00:00.000Z',
      });
      const list = await jsonRequests('/open311/v2/requests.json');
      expect(list.map((r) => [r.service_request_id, r.status, r.status_notes])).toEqual([
        [completed, 'closed', 'Cleaned by volunteers'],
        [cleaning, 'open', 'A volunteer is cleaning it'],
        [reported, 'open', 'Reported'],
      ]);
      // A closed request's update is when it was closed.
      expect(list[0]!.updated_datetime).toBe('2026-11-28T12:00:00Z');
    });

    it('never shows the photo of offensive graffiti, in either format', async () => {
      const offensive = await seed({ offensive: true });
      const [json] = await jsonRequests('/open311/v2/requests.json');
      expect(json).toMatchObject({ service_request_id: offensive, service_code: 'graffiti-offensive' });
      expect(json).not.toHaveProperty('media_url');
      const [xml] = await xmlRequests('/open311/v2/requests.xml');
      expect(xml).not.toHaveProperty('media_url');
      expect((await get(`/open311/v2/requests/${offensive}.xml`)).body).not.toContain('media_url');
      expect((await get(`/open311/v2/requests/${offensive}.json`)).body).not.toContain('/photos/');
    });

    it('sends a report not yet placed with empty coordinates', async () => {
      await seed({ placed: false });
      const [json] = await jsonRequests('/open311/v2/requests.json');
      expect(json).toMatchObject({ lat: null, long: null });
      const [xml] = await xmlRequests('/open311/v2/requests.xml');
      expect(xml).toMatchObject({ lat: '', long: '' });
    });

    it('by default sends the last 90 days, newest first', async () => {
      await seed({ reportedAt: daysAgo(91) });
      const old = await seed({ reportedAt: daysAgo(89) });
      const recent = await seed({ reportedAt: daysAgo(0.5) });
      expect(idsOf(await jsonRequests('/open311/v2/requests.json'))).toEqual([recent, old]);
      expect(idsOf(await xmlRequests('/open311/v2/requests.xml'))).toEqual([recent, old]);
    });

    it('sends a long answer compressed to a client that takes gzip', async () => {
      for (let i = 0; i < 5; i++) await seed();
      const plain = await get('/open311/v2/requests.xml');
      const compressed = await get('/open311/v2/requests.xml', { 'accept-encoding': 'gzip' });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
    });

    it('by default sends at most the newest 1,000', async () => {
      const rows = Array.from({ length: 1005 }, (_, i) => ({
        what3words: 'filled.count.soap',
        photo_key: `bulk${i}`,
        status: 'reported' as const,
        reported_at: new Date(NOW.getTime() - (i + 1) * 60_000).toISOString(),
        updated_at: NOW.toISOString(),
        latitude: 55.95,
        longitude: -3.19,
        words_scheme: 'grid' as const,
      }));
      for (let start = 0; start < rows.length; start += 250) {
        await t.database.db
          .insertInto('reports')
          .values(rows.slice(start, start + 250))
          .execute();
      }
      const json = await jsonRequests('/open311/v2/requests.json');
      expect(json).toHaveLength(1000);
      expect(json[0]!.media_url).toBe('http://localhost:3000/photos/bulk0.jpg');
      expect(json[999]!.media_url).toBe('http://localhost:3000/photos/bulk999.jpg');
      expect(await xmlRequests('/open311/v2/requests.xml')).toHaveLength(1000);
    });

    it('filters by service_code, one or several, declared once or more', async () => {
      const plain = await seed({ reportedAt: daysAgo(2) });
      const offensive = await seed({ reportedAt: daysAgo(1), offensive: true });
      expect(idsOf(await jsonRequests('/open311/v2/requests.json?service_code=graffiti'))).toEqual([plain]);
      expect(idsOf(await xmlRequests('/open311/v2/requests.xml?service_code=graffiti-offensive'))).toEqual([offensive]);
      expect(idsOf(await jsonRequests('/open311/v2/requests.json?service_code=graffiti,graffiti-offensive'))).toEqual([
        offensive,
        plain,
      ]);
      expect(
        idsOf(await jsonRequests('/open311/v2/requests.json?service_code=graffiti&service_code=graffiti-offensive')),
      ).toEqual([offensive, plain]);
      // An empty argument is the same as none.
      expect(idsOf(await jsonRequests('/open311/v2/requests.json?service_code='))).toEqual([offensive, plain]);
    });

    it('filters by status, open or closed or both', async () => {
      const reported = await seed({ reportedAt: daysAgo(3) });
      const cleaning = await seed({ reportedAt: daysAgo(2), status: 'cleaning' });
      const completed = await seed({ reportedAt: daysAgo(1), status: 'completed' });
      expect(idsOf(await jsonRequests('/open311/v2/requests.json?status=open'))).toEqual([cleaning, reported]);
      expect(idsOf(await xmlRequests('/open311/v2/requests.xml?status=closed'))).toEqual([completed]);
      expect(idsOf(await jsonRequests('/open311/v2/requests.json?status=open,closed'))).toEqual([
        completed,
        cleaning,
        reported,
      ]);
    });

    it('filters by start_date and end_date, in any time zone', async () => {
      const a = await seed({ reportedAt: '2026-06-01T10:00:00.000Z' });
      const b = await seed({ reportedAt: '2026-06-10T10:00:00.000Z' });
      const c = await seed({ reportedAt: '2026-06-20T10:00:00.000Z' });
      const url = (query: string) => `/open311/v2/requests.json?${query}`;
      expect(idsOf(await jsonRequests(url('start_date=2026-06-05T00:00:00Z&end_date=2026-06-15T00:00:00Z')))).toEqual([
        b,
      ]);
      // 10:00 UTC is 11:00 in British Summer Time: an end at 11:00+01:00 takes it in.
      expect(
        idsOf(
          await jsonRequests(
            url(`start_date=2026-06-10T11:00:00${encodeURIComponent('+')}01:00&end_date=2026-06-30T00:00:00Z`),
          ),
        ),
      ).toEqual([c, b]);
      // A '+' sent unencoded arrives as a space, and is read as the '+' it was.
      expect(
        idsOf(await jsonRequests(url('start_date=2026-06-10T11:00:01+01:00&end_date=2026-06-30T00:00:00Z'))),
      ).toEqual([c]);
      // A start alone runs 90 days on; an end alone 90 days back.
      expect(idsOf(await jsonRequests(url('start_date=2026-06-02T00:00:00Z')))).toEqual([c, b]);
      expect(idsOf(await jsonRequests(url('end_date=2026-06-15T00:00:00Z')))).toEqual([b, a]);
      expect(idsOf(await xmlRequests(`/open311/v2/requests.xml?end_date=2026-06-15T00:00:00Z&status=open`))).toEqual([
        b,
        a,
      ]);
    });

    it('lets service_request_id override every other argument, in the order named', async () => {
      const old = await seed({ reportedAt: daysAgo(200), status: 'completed' });
      const recent = await seed({ reportedAt: daysAgo(1), offensive: true });
      const query = `service_request_id=${recent},${old},999999&status=open&service_code=graffiti&start_date=2026-11-01T00:00:00Z`;
      expect(idsOf(await jsonRequests(`/open311/v2/requests.json?${query}`))).toEqual([recent, old]);
      expect(idsOf(await xmlRequests(`/open311/v2/requests.xml?${query}`))).toEqual([recent, old]);
    });

    it('sends one request by its id, and 404 in the format asked for when there is none', async () => {
      const id = await seed({ status: 'cleaning' });
      const xml = await get(`/open311/v2/requests/${id}.xml`);
      expect(xml.statusCode).toBe(200);
      expect(childNames(orderedParser.parse(xml.body) as Ordered, 'service_requests', 'request')).toEqual([
        REQUEST_FIELDS,
      ]);
      expect(parser.parse(xml.body).service_requests.request).toMatchObject({
        service_request_id: String(id),
        status: 'open',
        status_notes: 'A volunteer is cleaning it',
      });
      const json = await get(`/open311/v2/requests/${id}.json`);
      expect(json.json()).toEqual([expect.objectContaining({ service_request_id: id, status: 'open' })]);

      for (const missing of [`${id + 1000}`, 'abc', '99999999999']) {
        const missingXml = await get(`/open311/v2/requests/${missing}.xml`);
        expect(missingXml.statusCode).toBe(404);
        expect(parser.parse(missingXml.body)).toEqual({
          '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
          errors: { error: { code: '404', description: `There is no service request ${missing}.` } },
        });
        const missingJson = await get(`/open311/v2/requests/${missing}.json`);
        expect(missingJson.statusCode).toBe(404);
        expect(missingJson.json()).toEqual([{ code: 404, description: `There is no service request ${missing}.` }]);
      }
    });

    it('refuses bad filters with 400 and says what was wrong, in both formats', async () => {
      const cases: [string, string][] = [
        ['start_date=yesterday', 'start_date must be a date and time with its time zone'],
        ['end_date=2026-06-01T00:00:00', 'end_date must be a date and time with its time zone'],
        ['start_date=2026-02-30T00:00:00Z', 'start_date must be a date and time'],
        ['start_date=2026-01-01T00:00:00Z&end_date=2026-06-01T00:00:00Z', 'at most 90 days apart'],
        ['start_date=2026-06-01T00:00:00Z&end_date=2026-05-01T00:00:00Z', 'must not be later than end_date'],
        ['status=pending', 'status must be open or closed'],
        ['service_code=potholes', 'service_code must be graffiti or graffiti-offensive'],
        ['service_request_id=12,abc', 'service_request_id must be request numbers'],
        ['service_request_id=99999999999', 'service_request_id must be request numbers'],
      ];
      for (const [query, message] of cases) {
        const xml = await get(`/open311/v2/requests.xml?${query}`);
        expect(xml.statusCode, query).toBe(400);
        expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
        const { errors } = parser.parse(xml.body);
        expect(errors.error, query).toEqual({ code: '400', description: expect.stringContaining(message) });
        const json = await get(`/open311/v2/requests.json?${query}`);
        expect(json.statusCode, query).toBe(400);
        expect(json.json(), query).toEqual([{ code: 400, description: expect.stringContaining(message) }]);
      }
    });

    it('lists each thing that was wrong as its own error', async () => {
      const json = await get('/open311/v2/requests.json?status=pending&service_code=potholes');
      expect(json.json()).toEqual([
        { code: 400, description: expect.stringContaining('service_code') },
        { code: 400, description: expect.stringContaining('status') },
      ]);
      const xml = await get('/open311/v2/requests.xml?status=pending&service_code=potholes');
      expect(parser.parse(xml.body).errors.error).toHaveLength(2);
    });

    it('answers 304 while nothing changed, and the new list once a report comes in', async () => {
      await seed();
      const first = await get('/open311/v2/requests.xml?status=open');
      const etag = first.headers.etag as string;
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await get('/open311/v2/requests.xml?status=open', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      // Another question, or the other format, is another answer.
      expect((await get('/open311/v2/requests.json?status=open', { 'if-none-match': etag })).statusCode).toBe(200);
      expect((await get('/open311/v2/requests.xml', { 'if-none-match': etag })).statusCode).toBe(200);
      await seed();
      const changed = await get('/open311/v2/requests.xml?status=open', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(await xmlRequests('/open311/v2/requests.xml?status=open')).toHaveLength(2);
    });

    it('answers a path that is no resource with the specification 404, not the site', async () => {
      for (const [url, type] of [
        ['/open311/v2/potholes.xml', 'text/xml; charset=utf-8'],
        ['/open311/v2/requests.html', 'text/xml; charset=utf-8'],
        ['/open311/v2/requests/12', 'text/xml; charset=utf-8'],
        ['/open311/v2/potholes.json', 'application/json; charset=utf-8'],
      ] as const) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toBe(type);
      }
      expect((await get('/open311/v2/potholes.json')).json()).toEqual([
        { code: 404, description: 'Ask for a resource as .xml or .json, for example services.xml.' },
      ]);
    });
  });

  it('shows nothing personal: no descriptions, e-mails, names, tokens or retry keys', async () => {
    const report = await reportFullOfPersonalData(t.app, t.database.db, NOW);
    const answers = await Promise.all(
      [
        '/open311/v2/discovery.xml',
        '/open311/v2/services.json',
        '/open311/v2/requests.xml',
        '/open311/v2/requests.json',
        `/open311/v2/requests/${report.id}.xml`,
        `/open311/v2/requests/${report.id}.json`,
      ].map((url) => get(url)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      for (const trace of report.traces) expect(answer.body).not.toContain(trace);
    }
    // The photo's address is the one the app serves in public.
    const [request] = (await get(`/open311/v2/requests/${report.id}.json`)).json() as { media_url: string }[];
    expect(request!.media_url).toBe(`http://localhost:3000${report.photoUrl}`);
    const photo = await get(new URL(request!.media_url).pathname);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });
});

describe('Open311 per-client limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { limits: { open311PerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('turns a client away past its limit with the specification error and Retry-After, others still served', async () => {
    const from = (remoteAddress: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', '/open311/v2/requests.json')).statusCode).toBe(200);
    const refused = await from('203.0.113.7', '/open311/v2/requests.json');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual([{ code: 429, description: expect.stringContaining('Too many requests') }]);
    for (let i = 0; i < 3; i++) await from('203.0.113.7', '/open311/v2/requests.xml');
    const refusedXml = await from('203.0.113.7', '/open311/v2/requests.xml');
    expect(refusedXml.statusCode).toBe(429);
    expect(parser.parse(refusedXml.body).errors.error.code).toBe('429');
    expect((await from('203.0.113.8', '/open311/v2/requests.json')).statusCode).toBe(200);
  });
});

describe('Open311 when something fails inside the server', () => {
  it('answers 500 in the specification error list, hiding the internals', async () => {
    const t = await buildTestApp('sqlite');
    try {
      await t.database.db.schema.dropTable('report_photos').execute();
      await t.database.db.schema.dropTable('cleanups').execute();
      await t.database.db.schema.dropTable('reports').execute();
      const xml = await t.app.inject({ method: 'GET', url: '/open311/v2/requests.xml' });
      expect(xml.statusCode).toBe(500);
      expect(parser.parse(xml.body).errors.error).toEqual({
        code: '500',
        description: 'Something went wrong on our side. Please try again.',
      });
      const json = await t.app.inject({ method: 'GET', url: '/open311/v2/requests/1.json' });
      expect(json.statusCode).toBe(500);
      expect(json.json()).toEqual([{ code: 500, description: 'Something went wrong on our side. Please try again.' }]);
      expect(json.body).not.toMatch(/sqlite|table/i);
    } finally {
      await t.close();
    }
  });
});
