// Decodes, turns upright, shrinks and encodes a chosen photo off the page's main thread, so typing the
// report stays smooth while a 12 MP photo is prepared (seconds of drawing and encoding on a phone).
// Started by prepare-photo.ts for one photo and ended once it has answered; it is sent the File (a
// handle, not a copy of its bytes) and answers one WorkerAnswer.
import { offscreenJpeg } from './draw-jpeg.ts';
import { fitWithin, needsShrinking, type Size } from './photo-size.ts';

export type WorkerAnswer =
  | { kind: 'prepared'; blob: Blob; shrunk: boolean }
  /** The browser cannot read it (HEIC where it has no decoder, a broken file): the original is sent. */
  | { kind: 'undecodable' }
  /** Something this worker lacks (an OffscreenCanvas 2D context, a JPEG encoder): the page tries itself. */
  | { kind: 'failed'; reason: string };

addEventListener('message', (event: MessageEvent<File>) => {
  void prepare(event.data).then((answer) => postMessage(answer));
});

async function prepare(file: File): Promise<WorkerAnswer> {
  // 'from-image' applies the EXIF orientation, so its width and height are as the photo is seen.
  const upright = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  if (!upright) return { kind: 'undecodable' };
  try {
    const size = fitWithin(upright);
    const shrunk = needsShrinking(upright);
    return {
      kind: 'prepared',
      blob: shrunk ? await shrink(upright, size) : await offscreenJpeg(upright, size),
      shrunk,
    };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    upright.close();
  }
}

/**
 * The browser's own high-quality resize, from the upright bitmap: the size to ask for is known only
 * once the photo is decoded and turned. A browser that ignores the resize options still draws it at
 * `size`.
 */
async function shrink(upright: ImageBitmap, size: Size): Promise<Blob> {
  const resized = await createImageBitmap(upright, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
  });
  try {
    return await offscreenJpeg(resized, size);
  } finally {
    resized.close();
  }
}
