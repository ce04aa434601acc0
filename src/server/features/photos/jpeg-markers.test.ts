// Cutting a JPEG's metadata out at the level of its markers: what is kept, what is left behind, and
// which files are left to the re-encoding instead.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import exifr from 'exifr';
import { detailedJpeg, plainJpeg, preparedJpegWithMetadata } from '#tests/fixture-photos.ts';
import { stripJpegMetadata } from './jpeg-markers.ts';

/** The bytes from the first start-of-scan marker on: the compressed picture itself. */
function compressedPicture(jpeg: Buffer): Buffer {
  for (let at = 2; at < jpeg.length - 1; at++) {
    if (jpeg[at] === 0xff && jpeg[at + 1] === 0xda)
      return jpeg.subarray(at, jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2);
  }
  throw new Error('no scan');
}

/** Replaces a JPEG's frame marker (baseline, 0xc0) with another. */
function withFrameMarker(jpeg: Buffer, marker: number): Buffer {
  const copy = Buffer.from(jpeg);
  copy[copy.indexOf(Buffer.from([0xff, 0xc0])) + 1] = marker;
  return copy;
}

describe('stripping a JPEG of its metadata', () => {
  it('leaves EXIF, GPS, XMP, IPTC, comments, a multi-picture index and trailing bytes behind', async () => {
    const tagged = await preparedJpegWithMetadata();
    const everyBlock = { tiff: true, xmp: true, iptc: true, jfif: false, icc: false, ihdr: false };
    expect(await exifr.parse(tagged, everyBlock)).toMatchObject({ Make: 'FixtureCam' });
    expect(await exifr.gps(tagged)).toBeDefined();

    const stripped = stripJpegMetadata(tagged)!;
    expect(stripped).not.toBeNull();
    const meta = await sharp(stripped).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2048, height: 1536 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(await exifr.parse(stripped, everyBlock).catch(() => undefined)).toBeUndefined();
    expect(await exifr.gps(stripped).catch(() => undefined)).toBeUndefined();
    for (const text of ['Exif', 'FixtureCam', 'A. Person', 'xmpmeta', 'Photoshop', 'MPF', 'second picture']) {
      expect(stripped.includes(Buffer.from(text, 'latin1')), text).toBe(false);
    }
    // The colour profile stays, so colours show as they were taken.
    expect(meta.icc).toEqual((await sharp(tagged).metadata()).icc);
  });

  it('copies the compressed picture byte for byte, so it decodes to the same pixels', async () => {
    const tagged = await preparedJpegWithMetadata();
    const stripped = stripJpegMetadata(tagged)!;
    expect(compressedPicture(stripped).equals(compressedPicture(tagged))).toBe(true);
    const before = await sharp(tagged).raw().toBuffer();
    const after = await sharp(stripped).raw().toBuffer();
    expect(after.equals(before)).toBe(true);
  });

  it('keeps a progressive JPEG whole', async () => {
    const progressive = await sharp(await plainJpeg(300, 200))
      .jpeg({ progressive: true })
      .toBuffer();
    const stripped = stripJpegMetadata(progressive)!;
    expect((await sharp(stripped).metadata()).isProgressive).toBe(true);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(progressive).raw().toBuffer())).toBe(true);
  });

  it.each([
    [
      'a file cut short',
      async () => {
        const jpeg = await detailedJpeg(200, 150);
        return jpeg.subarray(0, jpeg.length - 500);
      },
    ],
    ['arithmetic coding', async () => withFrameMarker(await plainJpeg(), 0xc9)],
    ['a lossless frame', async () => withFrameMarker(await plainJpeg(), 0xc3)],
    [
      'an Adobe colour-transform segment',
      async () => {
        const jpeg = await plainJpeg();
        const adobe = Buffer.from([0xff, 0xee, 0, 14, ...Buffer.from('Adobe'), 0, 100, 0, 0, 0, 0, 0]);
        return Buffer.concat([jpeg.subarray(0, 2), adobe, jpeg.subarray(2)]);
      },
    ],
    [
      'CMYK',
      () =>
        sharp(Buffer.alloc(40 * 30 * 3, 90), { raw: { width: 40, height: 30, channels: 3 } })
          .toColourspace('cmyk')
          .jpeg()
          .toBuffer(),
    ],
    [
      'text after a JPEG signature',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('not a photo at all')]),
    ],
  ])('leaves %s to the re-encoding (null)', async (_name, make) => {
    expect(stripJpegMetadata(await make())).toBeNull();
  });
});
