// Photos made to take the server from everyone: a JPEG sent in thousands of tiny scans (each scan makes
// a decoder walk every block of the picture again) is refused from its markers before it takes a place
// in the photo queue, a decode that runs over its time bound is stopped and refused, and the uploads
// after either are served as usual.
import { photoRefusals } from './photo-refusals.ts';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg, progressiveScanBomb } from '#tests/fixture-photos.ts';
import { configurePhotoDecoding, processPhoto } from './photo-pipeline.ts';
import { configurePhotoWork, onPhotoWork, runPhotoWork } from './photo-work-queue.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../../tests/fixtures', name));

/** How many start-of-scan markers a JPEG holds (a marker's bytes never occur inside scan data). */
function scanCount(jpeg: Buffer): number {
  let count = 0;
  for (let at = jpeg.indexOf(0xff); at !== -1; at = jpeg.indexOf(0xff, at + 1)) if (jpeg[at + 1] === 0xda) count++;
  return count;
}

describe('the scan bomb made for these tests', () => {
  it('is a valid progressive JPEG of a grey picture that decoders read, in 2,647 scans', async () => {
    const bomb = progressiveScanBomb(256, 192);
    expect(scanCount(bomb)).toBe(2647);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'jpeg', isProgressive: true, width: 256 });
    const { data } = await sharp(bomb, { failOn: 'warning' }).raw().toBuffer({ resolveWithObject: true });
    expect(data.every((value) => value === 128)).toBe(true);
  });
});

describe.each(testDatabaseKinds)('hostile photos on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { limits: { photoWork: { concurrency: 1 } } });
  });
  afterAll(() => t.close());

  async function submit(photo: Buffer) {
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: { data: photo, name: 'wall.jpg', type: 'image/jpeg' } },
    );
    return t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
  }

  it('a JPEG in 2,647 scans is refused with 422 before it takes a place in the photo queue, and the next upload is stored', async () => {
    const worked: unknown[] = [];
    const stop = onPhotoWork((event) => worked.push(event));
    try {
      const refused = await submit(progressiveScanBomb());
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(photoRefusals.unusualEncoding);
      expect(worked).toEqual([]); // never decoded: refused from its markers alone
      expect(t.storedPhotos()).toEqual([]);

      const ordinary = await submit(await plainJpeg());
      expect(ordinary.statusCode).toBe(201);
      expect(t.storedPhotos()).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it('a progressive JPEG as an encoder writes it (ten scans) is taken and stored as a baseline JPEG', async () => {
    const progressive = await sharp(await plainJpeg(600, 400))
      .jpeg({ progressive: true })
      .toBuffer();
    expect(scanCount(progressive)).toBe(10);
    const response = await submit(progressive);
    expect(response.statusCode).toBe(201);
    const stored = await t.app.inject({ method: 'GET', url: response.json().photoUrl });
    expect(scanCount(stored.rawPayload)).toBe(1);
    expect((await sharp(stored.rawPayload).metadata()).isProgressive).toBe(false);
  });
});

describe('decoding bounded in time', () => {
  beforeEach(() => configurePhotoWork({ concurrency: 1 }));
  afterEach(() => {
    configurePhotoDecoding();
    configurePhotoWork();
  });

  it('a JPEG whose decoding runs over the bound is refused with 422, and the photo after it is processed', async () => {
    // Within the scan limit raised for this test, the bomb still takes seconds to decode at this size.
    configurePhotoDecoding({ timeoutMs: 1_000, maxJpegScans: 10_000 });
    await expect(processPhoto(progressiveScanBomb(3072, 2048))).rejects.toMatchObject({
      statusCode: 422,
      message: photoRefusals.unusualEncoding,
    });
    configurePhotoDecoding();
    const { web } = await processPhoto(await plainJpeg());
    expect((await sharp(web).metadata()).format).toBe('jpeg');
  });

  it('a HEIC photo whose decoding runs over the bound is refused with 422 and frees its place in the queue', async () => {
    configurePhotoDecoding({ timeoutMs: 1 });
    await expect(processPhoto(fixture('wall-12mp.heic'))).rejects.toMatchObject({
      statusCode: 422,
      message: photoRefusals.unusualEncoding,
    });
    // The one place in the queue is free again, and the decoder, started anew, decodes the next photo.
    configurePhotoDecoding();
    expect(await runPhotoWork(async () => 'free')).toBe('free');
    const { web } = await processPhoto(fixture('wall.heic'));
    expect(await sharp(web).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });
});
