// The time the server takes to accept a report with a 4 MB phone photo: a 12-megapixel JPEG with
// EXIF (camera and GPS), made with sharp, posted as multipart over loopback. Loopback transfer of
// 4 MB takes a few milliseconds, so the wall time of each request is the server's time to within that.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { noisePicture } from '#tests/fixture-photos.ts';
import decodeHeic from 'heic-decode';

const MIB = 1024 * 1024;
const PHOTO_SIZE_RANGE = { min: 3.5 * MIB, max: 4.5 * MIB };
/** Noise strengths to try in turn: sigma 13 gives about 4 MiB at 4000x3000, quality 90. */
const NOISE_SIGMAS = [13, 11, 15, 9, 17];
const REQUEST_TIMEOUT_MS = 30_000;

export interface UploadFigures {
  photoBytes: number;
  /** Wall time of each measured submission, in milliseconds, in order. */
  timesMs: number[];
  medianMs: number;
  maxMs: number;
}

/** A 4000x3000 JPEG of camera-like noise, 3.5 to 4.5 MiB, tagged like a phone photo. */
export async function phonePhoto(): Promise<Buffer> {
  for (const sigma of NOISE_SIGMAS) {
    const photo = await noisePicture(4000, 3000, sigma)
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: 'BenchCam', Model: 'Phone 12MP' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '55/1 57/1 1200/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '3/1 11/1 1800/100',
        },
      })
      .toBuffer();
    if (photo.length >= PHOTO_SIZE_RANGE.min && photo.length <= PHOTO_SIZE_RANGE.max) return photo;
  }
  throw new Error('Could not make a 3.5-4.5 MiB test photo');
}

/**
 * Submits `warmUps + measured` reports (keep the total under the server's 30 per hour per client) and
 * times the measured ones; the warm-up lets the server load sharp and compile its code paths first.
 */
export async function timeSubmissions(
  baseUrl: string,
  photo: Buffer,
  warmUps: number,
  measured: number,
  file: PhotoFile = { name: 'IMG_0001.jpg', type: 'image/jpeg' },
): Promise<UploadFigures> {
  const timesMs: number[] = [];
  for (let i = 0; i < warmUps + measured; i++) {
    // As a phone does: a random key of its own for each report (the server refuses a guessable one).
    const elapsed = await submitReport(baseUrl, photo, randomUUID(), file);
    if (i >= warmUps) timesMs.push(elapsed);
  }
  const sorted = [...timesMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const medianMs = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { photoBytes: photo.length, timesMs, medianMs, maxMs: sorted[sorted.length - 1]! };
}

/** How the photo is named and typed in the form, as a phone would send it. */
export interface PhotoFile {
  name: string;
  type: string;
}

/** Posts one report and returns its wall time in milliseconds; anything but 201 is an error. */
async function submitReport(baseUrl: string, photo: Buffer, idempotencyKey: string, file: PhotoFile): Promise<number> {
  const form = new FormData();
  form.append('what3words', 'bleak.exhaust.jewel');
  form.append('idempotencyKey', idempotencyKey);
  form.append('photo', new Blob([new Uint8Array(photo)], { type: file.type }), file.name);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/reports`, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /api/reports answered ${response.status}: ${body.slice(0, 300)}`);
  return elapsed;
}

/**
 * A 12-megapixel HEIC photo as an iPhone saves it (tests/fixtures/wall-12mp.heic, 4032 x 3024, made with
 * libheif's encoder from a drawn wall), and the same picture as a JPEG at quality 90: the pair shows what
 * decoding HEVC costs the server beside a JPEG of the same pixels.
 */
export async function heicAndSameJpeg(repoRoot: string): Promise<{ heic: Buffer; jpeg: Buffer }> {
  const heic = await fs.readFile(path.join(repoRoot, 'tests', 'fixtures', 'wall-12mp.heic'));
  const { width, height, data } = await decodeHeic({ buffer: heic });
  const jpeg = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { heic, jpeg };
}
