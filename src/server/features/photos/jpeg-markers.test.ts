// Reading how a JPEG was encoded from its markers: the scans real encoders write (which the scan limit
// is set from), a scan bomb counted without reading it all, the quality of the luminance table, and
// the walk ending where libjpeg's does.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_JPEG_SCANS } from '#shared/domain/limits.ts';
import {
  detailedJpeg,
  detailedTwelveMegapixelJpeg,
  jpegWithGps,
  largePhoneJpeg,
  plainJpeg,
  preparedJpegWithMetadata,
  progressiveScanBomb,
} from '#tests/fixture-photos.ts';
import { readJpegLayout } from './jpeg-markers.ts';

const layout = (jpeg: Buffer) => readJpegLayout(jpeg, { maxScans: MAX_JPEG_SCANS });

describe('reading a JPEG from its markers', () => {
  it('finds one scan in every JPEG photo the tests send, as cameras and browsers write them', async () => {
    for (const jpeg of [
      await plainJpeg(),
      await jpegWithGps(),
      await largePhoneJpeg(),
      await detailedJpeg(),
      await detailedTwelveMegapixelJpeg(),
      await preparedJpegWithMetadata(),
    ]) {
      expect(layout(jpeg)?.scans).toBe(1);
    }
  });

  it('finds about ten scans in what progressive encoders write, far within the limit', async () => {
    const picture = await detailedJpeg(640, 480);
    const found: Record<string, number> = {};
    for (const [encoder, options] of [
      ['libjpeg-turbo', { progressive: true }],
      ['libjpeg-turbo, colour at full size', { progressive: true, chromaSubsampling: '4:4:4' }],
      ['libjpeg-turbo, scans optimised', { progressive: true, optimiseScans: true }],
      ['mozjpeg', { mozjpeg: true }],
    ] as const) {
      found[`${encoder}, colour`] = layout(await sharp(picture).jpeg(options).toBuffer())!.scans;
      found[`${encoder}, grey`] = layout(await sharp(picture).toColourspace('b-w').jpeg(options).toBuffer())!.scans;
    }
    expect(found).toMatchObject({ 'libjpeg-turbo, colour': 10, 'libjpeg-turbo, grey': 6 });
    // mozjpeg picks its scans by the picture; on this detailed one it writes 11.
    for (const [encoder, scans] of Object.entries(found)) expect(scans, encoder).toBeLessThanOrEqual(12);
    expect(MAX_JPEG_SCANS).toBeGreaterThanOrEqual(100);
  });

  it('stops counting a scan bomb once past the limit, without walking the rest of it', () => {
    expect(readJpegLayout(progressiveScanBomb(64, 64), { maxScans: 100_000 })?.scans).toBe(2647);
    expect(readJpegLayout(progressiveScanBomb(64, 64), { maxScans: MAX_JPEG_SCANS })?.scans).toBe(MAX_JPEG_SCANS + 1);
  });

  it('reads the quality a libjpeg encoder was given, and whether the colour is at half size', async () => {
    const picture = await detailedJpeg(64, 48);
    for (const quality of [30, 50, 68, 80, 95]) {
      expect(layout(await sharp(picture).jpeg({ quality }).toBuffer())).toEqual({
        scans: 1,
        quality,
        halfSizeColour: true,
      });
    }
    expect(layout(await sharp(picture).jpeg({ quality: 70, chromaSubsampling: '4:4:4' }).toBuffer())).toEqual({
      scans: 1,
      quality: 70,
      halfSizeColour: false,
    });
  });

  it('counts no scan past the end of the image, nor in a segment, and skips stray bytes between segments as libjpeg does', async () => {
    const jpeg = await plainJpeg();
    const preview = await sharp(await plainJpeg())
      .jpeg({ progressive: true })
      .toBuffer();
    // A phone's multi-picture file carries its preview after the end of the first image.
    expect(layout(Buffer.concat([jpeg, preview]))?.scans).toBe(1);
    // Scan markers inside a comment's text are only text.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 10]), Buffer.alloc(8, 0xda).fill(0xff, 0, 4)]);
    expect(layout(Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]))?.scans).toBe(1);
    // Garbage before a marker is passed over, and a scan after it still counts.
    const stray = Buffer.concat([jpeg.subarray(0, 2), Buffer.from('stray'), preview.subarray(2)]);
    expect(layout(stray)?.scans).toBe(10);
  });

  it('answers null for bytes that do not start like a JPEG, and what it read of a file cut short', async () => {
    expect(layout(Buffer.from('not a photo'))).toBeNull();
    const jpeg = await detailedJpeg(200, 150);
    expect(layout(jpeg.subarray(0, jpeg.length - 500))).toMatchObject({ scans: 1, quality: 95 });
  });
});
