// Drawing a decoded photo into a JPEG within the upload target: the one way both the worker and the
// main-thread fallback do it, so the two paths send the same photo.
import { encodeWithin, type Size } from './photo-size.ts';

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** Paints `bitmap` at `size` on a white ground (JPEG has no transparency: see-through parts turn black). */
export function paint(context: Context2D | null, bitmap: ImageBitmap, { width, height }: Size): void {
  if (!context) throw new Error('No 2D canvas here');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

/**
 * The painted picture as a JPEG within the upload target: `encode` is asked again at lower qualities
 * (see `encodeWithin`); the picture is painted once and only the encoding is repeated.
 */
export async function jpegWithin(encode: (quality: number) => Promise<Blob>): Promise<Blob> {
  const jpeg = (quality: number) =>
    encode(quality).then((blob) => {
      // A browser that cannot write JPEG answers PNG, which would be bigger than the original.
      if (blob.type !== 'image/jpeg') throw new Error(`The browser encoded ${blob.type || 'nothing'}, not JPEG`);
      return blob;
    });
  return (await encodeWithin(jpeg)).encoded;
}

/** `bitmap` drawn at `size` into an OffscreenCanvas (in a worker or on the page) and encoded as a JPEG. */
export function offscreenJpeg(bitmap: ImageBitmap, size: Size): Promise<Blob> {
  const canvas = new OffscreenCanvas(size.width, size.height);
  paint(canvas.getContext('2d'), bitmap, size);
  return jpegWithin((quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }));
}
