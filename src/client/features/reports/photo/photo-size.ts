// The pure decisions of preparing a photo for upload: how big to draw it, whether the shrunk copy is
// worth sending instead of the original, and whether EXIF GPS is a real position.
import { PREPARED_PHOTO_MAX_BYTES, WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';

export interface Size {
  width: number;
  height: number;
}

/** The size to draw an image so its long edge is at most `longEdge`; never enlarged. */
export function fitWithin({ width, height }: Size, longEdge = WEB_PHOTO_LONG_EDGE): Size {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function needsShrinking(size: Size, longEdge = WEB_PHOTO_LONG_EDGE): boolean {
  return Math.max(size.width, size.height) > longEdge;
}

/**
 * Send the re-encoded copy when the original is too big to keep, or when the copy is smaller anyway
 * (a PNG screenshot, a camera JPEG saved at quality 100). Otherwise the original costs no more and
 * loses nothing to a second JPEG encoding.
 */
export function sendReencoded(bytes: { original: number; reencoded: number; shrunk: boolean }): boolean {
  return bytes.shrunk || bytes.reencoded < bytes.original;
}

/**
 * The most a prepared photo should weigh: at 750 kbps (a weak mobile signal) 450 kB goes up in under
 * 5 seconds, and the server keeps a photo this light as it came.
 */
export const UPLOAD_TARGET_BYTES = PREPARED_PHOTO_MAX_BYTES;
/** The quality a photo is first encoded at; the most detailed are lowered from it, never below the floor. */
export const JPEG_QUALITY = 0.85;
export const JPEG_QUALITY_FLOOR = 0.5;
/** Encodings tried between the floor and the first, each aimed at the target. */
const AIMED_TRIES = 2;
/** An encoding within the target and at least this share of it is as good as the best: the search stops. */
const CLOSE_ENOUGH = 0.95;

/**
 * Encodes at the starting quality; if that weighs more than `target`, at the floor, then aims between
 * the two: the bytes of a JPEG grow with its quality ever more steeply, so the straight line through two
 * encodings lies above the curve, and the quality it gives for the target weighs a little under it.
 * Should an aim come out over (a photo whose bytes do not grow so), the next try is half way down.
 * Each encoding of a 2048 px photo costs a phone a fraction of a second, so the aim takes one or two.
 * Answers the highest quality found within the target, else the floor's encoding when even that is over.
 */
export async function encodeWithin<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  target = UPLOAD_TARGET_BYTES,
): Promise<{ encoded: T; quality: number }> {
  let above = { encoded: await encode(JPEG_QUALITY), quality: JPEG_QUALITY };
  if (above.encoded.size <= target) return above;
  let within = { encoded: await encode(JPEG_QUALITY_FLOOR), quality: JPEG_QUALITY_FLOOR };
  if (within.encoded.size > target) return within;
  let overshot = false;
  for (let tries = 0; tries < AIMED_TRIES && within.encoded.size < target * CLOSE_ENOUGH; tries++) {
    const share = overshot ? 0.5 : (target - within.encoded.size) / (above.encoded.size - within.encoded.size);
    const quality = Math.floor((within.quality + (above.quality - within.quality) * share) * 100) / 100;
    if (quality <= within.quality) break;
    const encoded = await encode(quality);
    if (encoded.size <= target) within = { encoded, quality };
    else {
      above = { encoded, quality };
      overshot = true;
    }
  }
  return within;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** EXIF GPS worth sending: finite, in range, and not the 0,0 that some cameras write when they had no fix. */
export function usableGps(gps: Partial<Coordinates> | null | undefined): Coordinates | null {
  if (!gps) return null;
  const { latitude, longitude } = gps;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude };
}

/** `IMG_0001.HEIC` -> `IMG_0001.jpg`: the name of the re-encoded copy. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}
