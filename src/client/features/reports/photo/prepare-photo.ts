// Prepares a chosen photo for upload, on the phone: reads its EXIF GPS first, then draws it upright, at most
// 2048 px on the long edge, into a JPEG of at most 450 kB (the quality lowered in a few steps for a very
// detailed photo), so a 4-8 MB camera photo goes up a weak signal in a few seconds.
// Loaded lazily. Whatever fails, the original is sent instead: the server checks, rotates and shrinks it as
// well, and reads its GPS itself.
import { gps as readGps } from 'exifr/dist/lite.esm.mjs';
import {
  encodeWithin,
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
  // Drawn once; only the encoding is repeated while the quality is brought down to fit the target.
  let encode: (quality: number) => Promise<Blob>;
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    paint(canvas.getContext('2d'), bitmap, size);
    encode = (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality });
  } else {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    paint(canvas.getContext('2d'), bitmap, size);
    encode = (quality) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('The photo could not be encoded'))),
          'image/jpeg',
          quality,
        ),
      );
  }
  const jpeg = (quality: number) =>
    encode(quality).then((blob) => {
      // A browser that cannot write JPEG answers PNG, which would be bigger than the original.
      if (blob.type !== 'image/jpeg') throw new Error(`The browser encoded ${blob.type || 'nothing'}, not JPEG`);
      return blob;
    });
  return (await encodeWithin(jpeg)).encoded;
}

function paint(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  { width, height }: Size,
): void {
  if (!context) throw new Error('No 2D canvas here');
  // JPEG has no transparency: without a background, see-through parts of a PNG turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
