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
export function sendReencoded({
  original,
  reencoded,
  shrunk,
}: {
  original: number;
  reencoded: number;
  shrunk: boolean;
}): boolean {
  return shrunk || reencoded < original;
}

/**
 * The most a prepared photo should weigh: at 750 kbps (a weak mobile signal) 450 kB goes up in under
 * 5 seconds, and the server keeps a photo this light as it came.
 */
export const UPLOAD_TARGET_BYTES = PREPARED_PHOTO_MAX_BYTES;
/** The quality a photo is first encoded at; the most detailed are lowered from it, never below the floor. */
export const JPEG_QUALITY = 0.85;
export const JPEG_QUALITY_FLOOR = 0.5;
/** Encodings tried after the first one, halving the range of qualities each time. */
const QUALITY_STEPS = 4;

/**
 * Encodes at the starting quality; if that weighs more than `target`, searches the qualities down to
 * the floor in a few halving steps for the highest one within it. Answers the best encoding found: the
 * highest quality within the target, else the smallest (the floor's) when even that is over.
 */
export async function encodeWithin<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  target = UPLOAD_TARGET_BYTES,
): Promise<{ encoded: T; quality: number }> {
  const first = await encode(JPEG_QUALITY);
  if (first.size <= target) return { encoded: first, quality: JPEG_QUALITY };
  let within: { encoded: T; quality: number } | null = null;
  let over = { encoded: first, quality: JPEG_QUALITY };
  let low = JPEG_QUALITY_FLOOR;
  let high = JPEG_QUALITY;
  for (let step = 0; step < QUALITY_STEPS; step++) {
    // The floor first, so a photo that cannot be brought within the target costs one more encoding only.
    const quality = step === 0 ? low : Math.round(((low + high) / 2) * 1000) / 1000;
    const encoded = await encode(quality);
    if (encoded.size <= target) {
      if (!within || quality > within.quality) within = { encoded, quality };
      low = quality;
    } else {
      over = { encoded, quality };
      high = quality;
      if (step === 0) break;
    }
  }
  return within ?? over;
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
