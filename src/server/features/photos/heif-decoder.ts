// HEIC/HEIF photos (iPhone and Android 'high efficiency' photos) decoded to raw pixels, because the libvips
// shipped with sharp reads no HEVC. heic-decode wraps libheif compiled to WebAssembly: no native build, and
// libheif applies the file's own rotation and mirroring (irot/imir) as it decodes, so the pixels come out
// upright. Only the primary image is decoded; its size is checked first, before any pixel is decoded.
import decode from 'heic-decode';

/** The major brands of HEIF files holding HEVC-coded images (HEIC) or any HEIF image ('mif1'). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** An ISO base media file ('ftyp' box first) whose brand says HEIF. AVIF ('avif') is left to sharp. */
export function isHeif(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  return HEIF_BRANDS.has(bytes.toString('latin1', 8, 12));
}

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

/**
 * Decodes the primary image. `maxPixels` is checked on the header before decoding; a larger image
 * throws TooManyPixels. Any other failure (a broken or truncated file) throws as it comes.
 */
export async function decodeHeif(bytes: Buffer, maxPixels: number): Promise<RawImage> {
  const images = await decode.all({ buffer: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  try {
    const primary = images[0];
    if (!primary) throw new Error('no image in the HEIF file');
    if (!primary.width || !primary.height || primary.width * primary.height > maxPixels) {
      throw new TooManyPixels();
    }
    return await primary.decode();
  } finally {
    images.dispose();
  }
}

export class TooManyPixels extends Error {}
