import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import {
  FIXTURE_GPS,
  elevenMegabyteImage,
  jpegWithGps,
  pixelBombPng,
  plainJpeg,
  png,
  svg,
  textNamedJpg,
} from '#tests/fixture-photos.ts';
import { reportListSchema, reportSchema } from '#shared/contracts/reports.ts';

const jpegFile = async () => ({ data: await plainJpeg(), name: 'graffiti.jpg', type: 'image/jpeg' });

describe.each(testDatabaseKinds)('reports API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  async function submit(fields: Record<string, string>, files: Parameters<typeof multipartBody>[1] = {}) {
    const { payload, headers } = await multipartBody(fields, files);
    return t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
  }

  it('stores a public report with status reported and answers it in the spec fields', async () => {
    const response = await submit(
      { what3words: '  ///Bleak.Exhaust.Jewel ', description: 'Tag on the close wall' },
      { photo: await jpegFile() },
    );
    expect(response.statusCode).toBe(201);
    const report = reportSchema.parse(response.json());
    expect(report).toMatchObject({
      what3words: 'bleak.exhaust.jewel',
      description: 'Tag on the close wall',
      status: 'reported',
      completedAt: null,
    });
    expect(new Date(report.reportedAt).toISOString()).toBe(report.reportedAt);

    const list = await t.app.inject({ method: 'GET', url: '/api/reports' });
    expect(reportListSchema.parse(list.json())).toEqual([report]);
    const stored = await t.database.db.selectFrom('reports').selectAll().executeTakeFirstOrThrow();
    expect(stored.status).toBe('reported');
  });

  it('a report without a photo is refused with "Photo required"', async () => {
    const response = await submit({ what3words: 'bleak.exhaust.jewel' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      title: 'Photo required',
      message: 'Please select a photo before submitting.',
    });
  });

  it('a report without a location is refused with "location is required"', async () => {
    const before = t.storedPhotos();
    for (const fields of [{}, { what3words: '   ' }] as Record<string, string>[]) {
      const response = await submit(fields, { photo: await jpegFile() });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('location is required');
    }
    expect(t.storedPhotos()).toEqual(before);
  });

  it('a location with angle brackets is refused and nothing is stored', async () => {
    const response = await submit({ what3words: '<script>.x.y' }, { photo: await jpegFile() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid three-word location');
    expect(await t.database.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('a photo over 10 MB is refused with 413 "File too large" and leaves nothing behind', async () => {
    const before = t.storedPhotos();
    const response = await submit(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: { data: await elevenMegabyteImage(), name: 'big.png', type: 'image/png' } },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      title: 'File too large',
      message: 'Please select an image smaller than 10MB.',
    });
    expect(t.storedPhotos()).toEqual(before);
    expect(await t.database.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['a text file named .jpg', () => ({ data: textNamedJpg(), name: 'photo.jpg', type: 'image/jpeg' })],
    ['an SVG', () => ({ data: svg(), name: 'photo.svg', type: 'image/svg+xml' })],
  ])('%s is refused with 415 because the bytes are not a photo', async (_name, file) => {
    const before = t.storedPhotos();
    const response = await submit({ what3words: 'bleak.exhaust.jewel' }, { photo: file() });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Please choose a JPG, PNG, WebP or HEIC photo.');
    expect(t.storedPhotos()).toEqual(before);
  });

  it('a tiny file claiming 100,000 x 100,000 pixels is refused with a 4xx, not a crash', async () => {
    const before = t.storedPhotos();
    const response = await submit(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: { data: pixelBombPng(), name: 'bomb.png', type: 'image/png' } },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/too large to process/);
    expect(t.storedPhotos()).toEqual(before);
    // The server is still answering.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a GPS-tagged phone photo gives the report its coordinates, and the stored photo carries no metadata', async () => {
    const response = await submit(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: { data: await jpegWithGps(), name: 'IMG_0001.jpg', type: 'image/jpeg' } },
    );
    expect(response.statusCode).toBe(201);
    const report = reportSchema.parse(response.json());
    expect(report.locationSource).toBe('photo');
    expect(report.latitude).toBeCloseTo(FIXTURE_GPS.latitude, 6);
    expect(report.longitude).toBeCloseTo(FIXTURE_GPS.longitude, 6);

    for (const url of [report.photoUrl, report.thumbnailUrl]) {
      const photo = await t.app.inject({ method: 'GET', url });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      const bytes = photo.rawPayload;
      expect(await exifr.parse(bytes).catch(() => undefined)).toBeUndefined();
      expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      // EXIF orientation 6 was applied: the 60x40 sensor image now stands upright, 40x60.
      expect([meta.width, meta.height]).toEqual([40, 60]);
    }
  });

  it('device coordinates sent with the form win over the photo GPS', async () => {
    const response = await submit(
      { what3words: 'bleak.exhaust.jewel', latitude: '55.9486', longitude: '-3.1999', accuracy: '12' },
      { photo: { data: await jpegWithGps(), name: 'IMG_0002.jpg', type: 'image/jpeg' } },
    );
    const report = reportSchema.parse(response.json());
    expect(report).toMatchObject({ latitude: 55.9486, longitude: -3.1999, locationSource: 'device' });
  });

  it('coordinates the browser read from the photo before shrinking it are labelled as from the photo', async () => {
    // The shrunk upload has no EXIF left, so the browser sends the GPS it read and says where it came from.
    const response = await submit(
      { what3words: 'bleak.exhaust.jewel', latitude: '55.9533', longitude: '-3.1883', locationSource: 'photo' },
      { photo: await jpegFile() },
    );
    expect(reportSchema.parse(response.json())).toMatchObject({
      latitude: 55.9533,
      longitude: -3.1883,
      locationSource: 'photo',
    });
    const unknown = await submit(
      { what3words: 'bleak.exhaust.jewel', latitude: '55.9533', longitude: '-3.1883', locationSource: 'words' },
      { photo: await jpegFile() },
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('coordinates out of range are refused', async () => {
    const response = await submit(
      { what3words: 'bleak.exhaust.jewel', latitude: '95', longitude: '-3.2' },
      { photo: await jpegFile() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('must be a number from -90 to 90');
  });

  it('a PNG is accepted and stored as a web-size JPEG no larger than 2048 px', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const response = await submit(
      { what3words: 'rally.census.refuse' },
      { photo: { data: big, name: 'wall.png', type: 'image/png' } },
    );
    expect(response.statusCode).toBe(201);
    const report = reportSchema.parse(response.json());
    const photo = await t.app.inject({ method: 'GET', url: report.photoUrl });
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([2048, 1024]);
    const thumb = await sharp((await t.app.inject({ method: 'GET', url: report.thumbnailUrl })).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(480);
    expect((await t.app.inject({ method: 'GET', url: '/api/reports' })).json()).toHaveLength(1);
    expect(await png()).toBeInstanceOf(Buffer);
  });

  it('a retried submission with the same idempotency key returns the first report and stores nothing twice', async () => {
    const fields = { what3words: 'bleak.exhaust.jewel', idempotencyKey: 'phone-1234-abcd-7e3f0c5a9b1d2e8f4a6c' };
    const first = await submit(fields, { photo: await jpegFile() });
    const second = await submit(fields, { photo: await jpegFile() });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect((await t.app.inject({ method: 'GET', url: '/api/reports' })).json()).toHaveLength(1);
  });

  it('GET /api/reports answers 304 while nothing changed, and a new ETag after a new report', async () => {
    await submit({ what3words: 'bleak.exhaust.jewel' }, { photo: await jpegFile() });
    const first = await t.app.inject({ method: 'GET', url: '/api/reports' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await submit({ what3words: 'rally.census.refuse' }, { photo: await jpegFile() });
    const changed = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().map((r: { what3words: string }) => r.what3words)).toEqual([
      'rally.census.refuse',
      'bleak.exhaust.jewel',
    ]);
  });

  it('a long list travels compressed to a browser that accepts it', async () => {
    for (const words of ['bleak.exhaust.jewel', 'rally.census.refuse', 'pilot.ginger.gaze', 'model.clap.design']) {
      await submit(
        { what3words: words, description: 'A long description of the tag on the wall by the close. '.repeat(4) },
        { photo: await jpegFile() },
      );
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toHaveLength(4);
  });

  it('GET /api/reports/:id/photos lists the photos of a report and 404s for an unknown one', async () => {
    const report = (await submit({ what3words: 'bleak.exhaust.jewel' }, { photo: await jpegFile() })).json();
    const photos = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/photos` });
    expect(photos.statusCode).toBe(200);
    expect(photos.json()).toEqual([]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/reports/999999/photos' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: 'Report not found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/reports/abc/photos' });
    expect(bad.statusCode).toBe(400);
  });

  it('GET /api/stats counts reports by status', async () => {
    await submit({ what3words: 'bleak.exhaust.jewel' }, { photo: await jpegFile() });
    const stats = (await t.app.inject({ method: 'GET', url: '/api/stats' })).json();
    expect(stats).toEqual({
      reports: { total: 1, reported: 1, cleaning: 0, completed: 0 },
      volunteers: 0,
      cleanups: 0,
      totalMinutes: 0,
    });
  });

  it('an over-long idempotency key is refused before any photo is stored', async () => {
    const files = t.storedPhotos().length;
    const response = await submit(
      { what3words: 'bleak.exhaust.jewel', idempotencyKey: 'x'.repeat(101) },
      { photo: await jpegFile() },
    );
    expect(response.statusCode).toBe(400);
    expect(t.storedPhotos()).toHaveLength(files);
  });

  it('a submission from another site is refused with 403', async () => {
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: await jpegFile() },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload,
      headers: { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(await t.database.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('an unknown API path answers a JSON 404, never the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe.each(testDatabaseKinds)('the hourly limit on reports from one connection, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { limits: { reportSubmissionsPerHour: 2 } });
  });
  afterAll(() => t.close());

  it('the report past the limit is refused with 429, saying why and in how many minutes it can be sent', async () => {
    const submit = async () => {
      const { payload, headers } = await multipartBody(
        { what3words: 'bleak.exhaust.jewel' },
        { photo: await jpegFile() },
      );
      return t.app.inject({ method: 'POST', url: '/api/reports', payload, headers, remoteAddress: '192.0.2.77' });
    };
    expect((await submit()).statusCode).toBe(201);
    expect((await submit()).statusCode).toBe(201);
    const refused = await submit();
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      title: 'Error submitting report',
      message:
        'Too many reports have come from this connection in the last hour. Please send this one again in 60 minutes.',
    });
  });
});
