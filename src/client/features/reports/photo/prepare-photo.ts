// Prepares a chosen photo for upload, on the phone: reads its EXIF GPS, then draws it upright, at most
// 2048 px on the long edge, into a JPEG of at most 450 kB (the quality lowered in a few steps for a very
// detailed photo), so a 4-8 MB camera photo goes up a weak signal in a few seconds.
// The drawing and encoding run in a worker (prepare-photo.worker.ts), started for the photo and ended
// once it has answered: on the page they held the main thread for seconds on a phone. Where the worker
// cannot run (no OffscreenCanvas, it failed to start or lacked something), the page does the same work
// itself, as it did before. Loaded lazily. Whatever fails, the original is sent instead: the server
// checks, rotates and shrinks it as well, and reads its GPS itself.
import { gps as readGps } from 'exifr/dist/lite.esm.mjs';
import { jpegWithin, offscreenJpeg, paint } from './draw-jpeg.ts';
import {
  fitWithin,
  jpegName,
  needsShrinking,
  sendReencoded,
  usableGps,
  type Coordinates,
  type Size,
} from './photo-size.ts';
import type { WorkerAnswer } from './prepare-photo.worker.ts';

export interface PreparedPhoto {
  blob: Blob;
  name: string;
  /** The photo's own position, read before re-encoding dropped its metadata; null when it had none. */
  gps: Coordinates | null;
}

interface Reencoded {
  blob: Blob;
  shrunk: boolean;
}

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  // The worker starts first; reading the GPS (a few kB of the file's head) overlaps with its work.
  // Null: not decodable here (HEIC on a browser without it, a broken file), and the server decides.
  const reencoding = reencode(file).catch(() => null);
  // The GPS is read from the file itself: the re-encoded copy carries no EXIF at all.
  const gps = await readGps(file).then(usableGps, () => null);
  const original: PreparedPhoto = { blob: file, name: file.name || 'photo.jpg', gps };
  const reencoded = await reencoding;
  if (!reencoded) return original;
  return sendReencoded({ original: file.size, reencoded: reencoded.blob.size, shrunk: reencoded.shrunk })
    ? { blob: reencoded.blob, name: jpegName(original.name), gps }
    : original;
}

async function reencode(file: File): Promise<Reencoded | null> {
  const answer = await inWorker(file).catch(() => null);
  if (answer?.kind === 'prepared') return answer;
  // The page's decoder is the worker's: what it cannot read, the page cannot either.
  if (answer?.kind === 'undecodable') return null;
  return onThisThread(file);
}

/** True where a worker has what preparing a photo needs: a canvas of its own and a decoder. */
function workerCanPrepare(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof createImageBitmap === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    'convertToBlob' in OffscreenCanvas.prototype
  );
}

/** The worker's answer for `file`; rejects when there is no worker here or it could not start or answer. */
function inWorker(file: File): Promise<WorkerAnswer> {
  if (!workerCanPrepare()) return Promise.reject(new Error('No OffscreenCanvas here for a worker'));
  return new Promise<WorkerAnswer>((resolve, reject) => {
    // Written out in full so the bundler finds the worker and builds it as a file of its own.
    const worker = new Worker(new URL('./prepare-photo.worker.ts', import.meta.url), {
      type: 'module',
      name: 'prepare-photo',
    });
    worker.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener('messageerror', () => {
      worker.terminate();
      reject(new Error('The photo worker answered something unreadable'));
    });
    worker.addEventListener('error', (event) => {
      // Its script could not be fetched (offline before it was cached) or failed: the page takes over.
      event.preventDefault();
      worker.terminate();
      reject(new Error(event.message || 'The photo worker did not start'));
    });
    worker.postMessage(file);
  });
}

/** The fallback: the same decoding, drawing and encoding on the page's own thread. */
async function onThisThread(file: File): Promise<Reencoded> {
  // 'from-image' applies the EXIF orientation, so width and height below are as the photo is seen.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap);
    const blob =
      typeof OffscreenCanvas === 'function' ? await offscreenJpeg(bitmap, size) : await canvasJpeg(bitmap, size);
    return { blob, shrunk: needsShrinking(bitmap) };
  } finally {
    bitmap.close();
  }
}

function canvasJpeg(bitmap: ImageBitmap, size: Size): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  paint(canvas.getContext('2d'), bitmap, size);
  return jpegWithin(
    (quality) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('The photo could not be encoded'))),
          'image/jpeg',
          quality,
        ),
      ),
  );
}
