// Prepares a chosen photo for upload, on the phone: reads its EXIF GPS first, then draws it upright, at most
// 2048 px on the long edge, into a JPEG of at most 450 kB (the quality lowered in a few steps for a very
// detailed photo), so a 4-8 MB camera photo goes up a weak signal in a few seconds.
// Loaded lazily. Whatever fails, the original is sent instead: the server checks, rotates and shrinks it as
// well, and reads its GPS itself.
import { gps as readGps } from 'exifr/dist/lite.esm.mjs';
import { jpegWithin, offscreenJpeg, paint } from './draw-jpeg.ts';
import {
  fitWithin,
  JPEG_QUALITY,
  jpegName,
  needsShrinking,
  sendReencoded,
  usableGps,
  type Coordinates,
  type Size,
} from './photo-size.ts';

export interface PreparedPhoto {
  blob: Blob;
  name: string;
  /** The photo's own position, read before re-encoding dropped its metadata; null when it had none. */
  gps: Coordinates | null;
}

export { JPEG_QUALITY };

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  // GPS first: the canvas copy carries no EXIF at all.
  const gps = await readGps(file).then(usableGps, () => null);
  const original: PreparedPhoto = { blob: file, name: file.name || 'photo.jpg', gps };
  try {
    const { blob, shrunk } = await reencode(file);
    return sendReencoded({ original: file.size, reencoded: blob.size, shrunk })
      ? { blob, name: jpegName(original.name), gps }
      : original;
  } catch {
    // Not decodable here (HEIC on a browser without it, a broken file): the server decides.
    return original;
  }
}

async function reencode(file: File): Promise<{ blob: Blob; shrunk: boolean }> {
  // 'from-image' applies the EXIF orientation, so width and height below are as the photo is seen.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return { blob: await drawJpeg(bitmap, fitWithin(bitmap)), shrunk: needsShrinking(bitmap) };
  } finally {
    bitmap.close();
  }
}

async function drawJpeg(bitmap: ImageBitmap, size: Size): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') return offscreenJpeg(bitmap, size);
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
