// Photos as phones save them: HEIC and HEIF files (HEVC-coded, made with libheif's encoder and shipped as
// small fixtures) are decoded on the server, stripped of every byte of metadata and stored as JPEG, on the
// public report route and on a volunteer's and an administrator's upload routes alike.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { WAVERLEY_WORDS } from '#tests/places.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { placeReport } from '#tests/volunteers.ts';
import { completeCleanupResponseSchema } from '#shared/contracts/cleanups.ts';
import { reportPhotoListSchema, reportSchema } from '#shared/contracts/reports.ts';
import { decodeHeif, isHeif } from './heif-decoder.ts';
import { processPhoto } from './photo-pipeline.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../../tests/fixtures', name));

describe('HEIC and HEIF decoding', () => {
  it('recognises HEIC and HEIF by their bytes, and decodes them to upright pixels', async () => {
    for (const [name, width, height] of [
      ['wall.heic', 64, 48],
      ['wall.heif', 120, 90],
    ] as const) {
      const bytes = fixture(name);
      expect(isHeif(bytes), name).toBe(true);
      const raw = await decodeHeif(bytes, 40_000_000, 60_000);
      expect([raw.width, raw.height]).toEqual([width, height]);
      expect(raw.data.length).toBe(width * height * 4);
    }
  });

  it('a HEIC photo becomes a JPEG with no metadata; its left band stays blue', async () => {
    const photo = await processPhoto(fixture('wall.heic'));
    const meta = await sharp(photo.web).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(await exifr.parse(photo.web).catch(() => undefined)).toBeUndefined();
    const { data } = await sharp(photo.web).raw().toBuffer({ resolveWithObject: true });
    // Pixel (4, 24): the blue band the fixture was drawn with (#2a6a9a), not the brown of the rest.
    const i = (24 * 64 + 4) * 3;
    expect(data[i + 2]!).toBeGreaterThan(data[i]!);
  });

  it("a HEIC whose container turns the picture (an 'irot' box, as phones write a photo held upright) comes out upright", async () => {
    // wall-turned.heic is wall.heic with a rotation of 90 degrees anticlockwise on its primary image.
    const photo = await processPhoto(fixture('wall-turned.heic'));
    const meta = await sharp(photo.web).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(meta.orientation).toBeUndefined();
    const { data } = await sharp(photo.web).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data.subarray((y * 48 + x) * 3, (y * 48 + x) * 3 + 3);
    // The blue band drawn on the left now runs along the bottom; the top is the brown wall.
    const bottom = pixel(24, 60);
    const top = pixel(24, 4);
    expect(bottom[2]!).toBeGreaterThan(bottom[0]!);
    expect(top[0]!).toBeGreaterThan(top[2]!);
  });

  it('a HEIC whose header claims more pixels than the limit is refused before it is decoded', async () => {
    // wall.heic with its picture's declared size ('ispe', the second one) made 10,000 x 6,000.
    const bomb = Buffer.from(fixture('wall.heic'));
    const ispe = bomb.indexOf('ispe', bomb.indexOf('ispe') + 4);
    bomb.writeUInt32BE(10_000, ispe + 8);
    bomb.writeUInt32BE(6_000, ispe + 12);
    await expect(processPhoto(bomb)).rejects.toMatchObject({
      statusCode: 422,
      message: 'This image is too large to process. Please choose a smaller photo.',
      options: { title: 'File too large' },
    });
  });

  it('a truncated or corrupt HEIC is refused with a 4xx in plain words, not a crash', async () => {
    const heic = fixture('wall.heic');
    for (const broken of [heic.subarray(0, 200), Buffer.concat([heic.subarray(0, 40), Buffer.alloc(400, 7)])]) {
      await expect(processPhoto(broken)).rejects.toMatchObject({
        statusCode: 422,
        message: 'This file could not be read as a photo. Please choose another photo.',
      });
    }
  });
});

describe.each(testDatabaseKinds)('HEIC photos on the upload routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('a report with an iPhone HEIC photo is accepted, and the stored photo is a JPEG with no metadata', async () => {
    for (const [name, type] of [
      ['IMG_0001.HEIC', 'image/heic'],
      ['PXL_0001.heif', 'image/heif'],
    ] as const) {
      const data = fixture(name.toLowerCase().endsWith('heic') ? 'wall.heic' : 'wall.heif');
      const { payload, headers } = await multipartBody({ what3words: WAVERLEY_WORDS }, { photo: { data, name, type } });
      const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
      expect(response.statusCode, name).toBe(201);
      const report = reportSchema.parse(response.json());
      const stored = await t.app.inject({ method: 'GET', url: report.photoUrl });
      expect(stored.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
  });

  /** The photo at a stored URL is a JPEG with no metadata at all. */
  async function expectStrippedJpeg(url: string) {
    const stored = await t.app.inject({ method: 'GET', url });
    expect(stored.statusCode, url).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
  }

  const heic = () => ({ data: fixture('wall.heic'), name: 'IMG_0003.HEIC', type: 'image/heic' });
  const heif = () => ({ data: fixture('wall.heif'), name: 'PXL_0003.heif', type: 'image/heif' });
  const site = { latitude: 55.95196, longitude: -3.18937, what3words: WAVERLEY_WORDS };

  async function post(
    url: string,
    fields: Record<string, string>,
    files: Parameters<typeof multipartBody>[1],
    cookies?: Cookies,
  ) {
    const { payload, headers } = await multipartBody(fields, files);
    return t.app.inject({ method: 'POST', url, payload, headers, ...(cookies ? { cookies } : {}) });
  }

  it("an administrator's manual report takes a HEIC photo", async () => {
    const response = await post(
      '/api/admin/reports',
      { what3words: WAVERLEY_WORDS },
      { photo: heic() },
      await adminCookies(t.app),
    );
    expect(response.statusCode, response.body).toBe(201);
    await expectStrippedJpeg(reportSchema.parse(response.json()).photoUrl);
  });

  it("added photos take HEIC and HEIF: the volunteer's several and the dashboard's one", async () => {
    const id = await placeReport(t.database.db, site);
    const { cookies } = await volunteerSession(t.database, 'heif-uploader@example.org');
    // Progress photos come from the volunteer cleaning the site.
    await t.app.inject({ method: 'PATCH', url: `/api/reports/${id}/status`, cookies, payload: { status: 'cleaning' } });
    const several = await post(`/api/reports/${id}/photos`, {}, { photos: [heic(), heif()] }, cookies);
    expect(several.statusCode, several.body).toBe(201);
    const one = await post(
      `/api/reports/${id}/photos`,
      { photoType: 'progress' },
      { photo: heif() },
      await adminCookies(t.app),
    );
    expect(one.statusCode, one.body).toBe(201);
    const photos = reportPhotoListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/reports/${id}/photos` })).json(),
    );
    expect(photos).toHaveLength(3);
    for (const photo of photos) await expectStrippedJpeg(photo.photoUrl);
  });

  it("'Add my photo to it' takes a HEIC photo", async () => {
    const id = await placeReport(t.database.db, site);
    const response = await post(`/api/reports/${id}/confirmations`, {}, { photo: heic() });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("a clean-up's before and after photos may be HEIC and HEIF", async () => {
    const id = await placeReport(t.database.db, site);
    const { cookies } = await volunteerSession(t.database, 'heif-cleaner@example.org');
    const claim = await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status: 'cleaning' },
      cookies,
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const response = await post(
      '/api/cleanup/complete',
      { reportId: String(id) },
      { beforePhoto: heic(), afterPhoto: heif() },
      cookies,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { cleanup } = completeCleanupResponseSchema.parse(response.json());
    await expectStrippedJpeg(cleanup.beforePhotoUrl);
    await expectStrippedJpeg(cleanup.afterPhotoUrl);
  });

  it('a broken HEIC leaves nothing behind and answers 422', async () => {
    const before = t.storedPhotos();
    const { payload, headers } = await multipartBody(
      { what3words: WAVERLEY_WORDS },
      { photo: { data: fixture('wall.heic').subarray(0, 300), name: 'IMG_0002.HEIC', type: 'image/heic' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode).toBe(422);
    expect(t.storedPhotos()).toEqual(before);
  });
});
