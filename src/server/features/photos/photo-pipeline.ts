// Turns an uploaded file into a safe, web-size photo: the bytes decide the type (JPEG, PNG, WebP, or
// HEIC/HEIF as phones save them, decoded by heif-decoder.ts since sharp's libvips reads no HEVC),
// decompression bombs are refused before decoding (too many pixels, or a JPEG sent in more scans than
// any camera writes), every decode is bounded in time, EXIF orientation is applied, GPS is read and
// then every piece of metadata is dropped (sharp writes none unless asked), and a thumbnail is made.
// Nothing an upload sent is stored as it came: every stored photo is a JPEG this server encoded, one
// scan long (baseline), so drawing it costs a browser one pass whatever the upload held.
import { photoRefusals } from './photo-refusals.ts';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import exifr from 'exifr';
import { randomBytes } from 'node:crypto';
import {
  MAX_JPEG_SCANS,
  MAX_PHOTO_PIXELS,
  PREPARED_PHOTO_MAX_BYTES,
  THUMBNAIL_LONG_EDGE,
  WEB_PHOTO_LONG_EDGE,
} from '#shared/domain/limits.ts';
import { messages } from '#shared/domain/messages.ts';
import { UnprocessableError, UnsupportedMediaTypeError } from '#server/errors.ts';
import { asStorageRefusal, type PhotoStorage } from './photo-storage.ts';
import { DecodeTimedOut, decodeHeif, isHeif, TooManyPixels } from './heif-decoder.ts';
import { isSrgbProfile } from './icc-profile.ts';
import { runPhotoWork } from './photo-work-queue.ts';
import { readJpegLayout, type JpegLayout } from './jpeg-markers.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heif';

export interface ProcessedPhoto {
  web: Buffer;
  thumbnail: Buffer;
  gps: { latitude: number; longitude: number } | null;
}

/** Identifies the image type from its first bytes; the file name and declared type are not trusted. */
function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (isHeif(bytes)) return 'heif';
  return null;
}

export interface PhotoDecodeLimits {
  /**
   * How long decoding one photo may take before it is stopped and refused. sharp counts whole
   * seconds and checks as pixels come out, so a progressive JPEG's scans, read in full before the
   * first pixel, are bounded by the scan limit rather than by this.
   */
  timeoutMs: number;
  /** A JPEG sent in more scans than this is refused before decoding. */
  maxJpegScans: number;
}

const defaultPhotoDecodeLimits = (): PhotoDecodeLimits => ({
  timeoutMs: 10_000,
  maxJpegScans: MAX_JPEG_SCANS,
});

let decodeLimits = defaultPhotoDecodeLimits();

/** Sets the decoding limits (at start, from the app's options). */
export function configurePhotoDecoding(limits: Partial<PhotoDecodeLimits> = {}): void {
  decodeLimits = { ...defaultPhotoDecodeLimits(), ...limits };
}

const unusualEncoding = () =>
  new UnprocessableError(photoRefusals.unusualEncoding, { title: messages.report.unsupportedTypeTitle });
const unreadable = () =>
  new UnprocessableError(messages.report.unreadableImage, { title: messages.report.unsupportedTypeTitle });
const tooManyPixels = () =>
  new UnprocessableError(messages.report.tooManyPixels, { title: messages.report.fileTooLargeTitle });

/** sharp stopped the work because it ran over its time (vips reports it as `timeout: N% complete`). */
const ranOverTime = (error: unknown) => error instanceof Error && error.message.startsWith('timeout');

/**
 * Processes a photo when its turn in the photo queue comes (a few at once, in order of arrival). A
 * JPEG's scans are counted from its markers first, so a scan bomb is refused without taking a turn.
 */
export function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const kind = sniffImageKind(bytes);
  if (!kind) {
    return Promise.reject(
      new UnsupportedMediaTypeError(messages.report.unsupportedType, { title: messages.report.unsupportedTypeTitle }),
    );
  }
  const limits = decodeLimits;
  const layout = kind === 'jpeg' ? readJpegLayout(bytes, { maxScans: limits.maxJpegScans }) : null;
  if (layout && layout.scans > limits.maxJpegScans) return Promise.reject(unusualEncoding());
  return runPhotoWork(() => processNow(bytes, kind, layout, limits));
}

async function processNow(
  bytes: Buffer,
  kind: ImageKind,
  layout: JpegLayout | null,
  limits: PhotoDecodeLimits,
): Promise<ProcessedPhoto> {
  if (kind === 'heif') return processHeif(bytes, limits);
  // Reading the header decodes no pixels, so the size check below happens before any decoding.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!pixels || pixels > MAX_PHOTO_PIXELS) throw tooManyPixels();

  const gps = await readGps(bytes);
  const decode = (options: SharpOptions = {}) =>
    sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', sequentialRead: true, ...options }).timeout({
      seconds: Math.max(1, Math.ceil(limits.timeoutMs / 1000)),
    });
  try {
    if (layout?.quality && preparedOnThePhone(metadata, bytes.length)) {
      const decoded = decode({ ignoreIcc: isSrgbProfile(metadata.icc) });
      return { ...(await encodedAgain(decoded, layout, bytes.length, limits)), gps };
    }
    const upright = decode().rotate();
    // Transparency (a PNG, a WebP) goes on white, since JPEG has none; an opaque photo skips the step.
    const oriented = metadata.hasAlpha ? upright.flatten({ background: '#ffffff' }) : upright;
    return { ...(await webAndThumbnail(oriented, limits)), gps };
  } catch (error) {
    throw ranOverTime(error) ? unusualEncoding() : unreadable();
  }
}

/** HEIC/HEIF: decoded (upright) to raw pixels first, then made into JPEGs like any other photo. */
async function processHeif(bytes: Buffer, limits: PhotoDecodeLimits): Promise<ProcessedPhoto> {
  const raw = await decodeHeif(bytes, MAX_PHOTO_PIXELS, limits.timeoutMs).catch((error: unknown) => {
    if (error instanceof TooManyPixels) throw tooManyPixels();
    if (error instanceof DecodeTimedOut) throw unusualEncoding();
    throw unreadable();
  });
  const gps = await readGps(bytes);
  try {
    const pixels = sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), {
      raw: { width: raw.width, height: raw.height, channels: 4 },
    }).flatten({ background: '#ffffff' });
    return { ...(await webAndThumbnail(pixels, limits)), gps };
  } catch (error) {
    throw ranOverTime(error) ? unusualEncoding() : unreadable();
  }
}

/**
 * The web copy is encoded with libjpeg-turbo's own settings (optimised Huffman tables) rather than
 * mozjpeg's trellis quantisation: at quality 80 it looks the same as mozjpeg's at 82 for far less
 * encoding time. The thumbnail is made
 * from the web copy, whose JPEG decoder shrinks it on load, so the full photo is decoded only once.
 */
async function webAndThumbnail(oriented: Sharp, limits: PhotoDecodeLimits) {
  const web = await oriented
    .resize({ width: WEB_PHOTO_LONG_EDGE, height: WEB_PHOTO_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, optimiseCoding: true })
    .toBuffer();
  return { web, thumbnail: await thumbnailOf(web, limits) };
}

/**
 * A photo the phone already made web-size, encoded again as it was encoded: at the same quality and
 * with its colour at the same resolution. The same quantisation over the same pixels finds almost
 * every coefficient where it was, so the second encoding loses next to nothing, while the stored file
 * is this server's own, one baseline scan with no metadata at all. It is first coded with the standard
 * Huffman tables, since optimising them for the picture costs as much CPU again as the rest of the
 * encoding and a detailed photo, as phones take them, is then only a little heavier; a smooth picture
 * (a plain wall) can come out far heavier, and only then is it encoded again with optimised tables.
 */
async function encodedAgain(decoded: Sharp, layout: JpegLayout, uploadBytes: number, limits: PhotoDecodeLimits) {
  const encode = (optimiseCoding: boolean) =>
    decoded
      .clone()
      .jpeg({
        quality: Math.min(layout.quality!, PREPARED_PHOTO_MAX_QUALITY),
        chromaSubsampling: layout.halfSizeColour ? '4:2:0' : '4:4:4',
        optimiseCoding,
      })
      .toBuffer();
  let web = await encode(false);
  if (web.length > uploadBytes * PREPARED_PHOTO_MAX_GROWTH) web = await encode(true);
  return { web, thumbnail: await thumbnailOf(web, limits) };
}

/** How much heavier than the upload the stored photo may come out before its tables are optimised. */
const PREPARED_PHOTO_MAX_GROWTH = 1.1;

/** Above this a second encoding only adds bytes: the phone's quality search tops out well below it. */
const PREPARED_PHOTO_MAX_QUALITY = 92;

/** The thumbnail from a web-size JPEG: its decoder shrinks it on load, yet reads every byte of it. */
function thumbnailOf(web: Buffer, limits: PhotoDecodeLimits): Promise<Buffer> {
  return sharp(web)
    .timeout({ seconds: Math.max(1, Math.ceil(limits.timeoutMs / 1000)) })
    .resize({ width: THUMBNAIL_LONG_EDGE, height: THUMBNAIL_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 72, optimiseCoding: true })
    .toBuffer();
}

/**
 * A JPEG the phone already made web-size (decision 137): no longer than the web copy, upright as
 * stored, within the prepared weight, in colours a browser shows as they are. Resizing it would change
 * nothing, so it is only encoded again (encodedAgain), at its own quality.
 */
function preparedOnThePhone(metadata: Metadata, size: number): boolean {
  return (
    metadata.format === 'jpeg' &&
    size <= PREPARED_PHOTO_MAX_BYTES &&
    Math.max(metadata.width ?? Infinity, metadata.height ?? Infinity) <= WEB_PHOTO_LONG_EDGE &&
    (metadata.orientation ?? 1) === 1 &&
    (metadata.space === 'srgb' || metadata.space === 'b-w') &&
    !metadata.hasAlpha
  );
}

async function readGps(bytes: Buffer): Promise<ProcessedPhoto['gps']> {
  try {
    const gps = (await exifr.gps(bytes)) as { latitude?: number; longitude?: number } | undefined;
    if (gps && Number.isFinite(gps.latitude) && Number.isFinite(gps.longitude)) {
      const { latitude, longitude } = gps as { latitude: number; longitude: number };
      if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && !(latitude === 0 && longitude === 0)) {
        return { latitude, longitude };
      }
    }
  } catch {
    // A photo without readable EXIF simply has no GPS.
  }
  return null;
}

export const photoNames = (key: string) => ({ web: `${key}.jpg`, thumbnail: `${key}-thumb.jpg` });
export const photoUrls = (key: string) => ({
  photoUrl: `/photos/${key}.jpg`,
  thumbnailUrl: `/photos/${key}-thumb.jpg`,
});

/**
 * Stores both sizes under a new random key. Either both files exist afterwards, or neither. Storage
 * that does not take them (full, frozen, refusing) is answered 503 with Retry-After (asStorageRefusal).
 */
export async function storePhoto(storage: PhotoStorage, photo: ProcessedPhoto): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  const names = photoNames(key);
  try {
    await storage.put(names.web, photo.web);
    await storage.put(names.thumbnail, photo.thumbnail);
  } catch (error) {
    await removePhoto(storage, key);
    throw asStorageRefusal(error);
  }
  return key;
}

/**
 * Stores the photos, then hands their keys to `use` (the database write that refers to them). If a
 * photo cannot be stored, or `use` throws, every photo stored here is removed again and the error goes
 * on: a change that failed leaves no file behind.
 */
export async function withStoredPhotos<T>(
  storage: PhotoStorage,
  photos: readonly ProcessedPhoto[],
  use: (keys: string[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const photo of photos) keys.push(await storePhoto(storage, photo));
    return await use(keys);
  } catch (error) {
    await Promise.all(keys.map((key) => removePhoto(storage, key)));
    throw error;
  }
}

/** One photo stored for `use`, removed again if `use` fails (see withStoredPhotos). */
export const withStoredPhoto = <T>(storage: PhotoStorage, photo: ProcessedPhoto, use: (key: string) => Promise<T>) =>
  withStoredPhotos(storage, [photo], ([key]) => use(key!));

export async function removePhoto(storage: PhotoStorage, key: string): Promise<void> {
  const names = photoNames(key);
  await Promise.allSettled([storage.remove(names.web), storage.remove(names.thumbnail)]);
}
