// The pure decisions of preparing a photo for upload: how big to draw it, whether the shrunk copy is
// worth sending instead of the original, and whether EXIF GPS is a real position.
import { WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';

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
