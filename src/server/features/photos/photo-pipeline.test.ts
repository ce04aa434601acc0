// The photo pipeline on its own: the sizes it makes and what it does with transparency.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import exifr from 'exifr';
import { PREPARED_PHOTO_MAX_BYTES, THUMBNAIL_LONG_EDGE, WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';
import { FIXTURE_GPS, preparedJpegWithMetadata } from '#tests/fixture-photos.ts';
import { processPhoto } from './photo-pipeline.ts';
import { readJpegLayout } from './jpeg-markers.ts';

/** The compressed picture: everything from the first start-of-scan marker to the end of the image. */
function compressedPicture(jpeg: Buffer): Buffer {
  const start = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return jpeg.subarray(start, jpeg.indexOf(Buffer.from([0xff, 0xd9]), start) + 2);
}

async function expectNoMetadata(jpeg: Buffer): Promise<void> {
  const meta = await sharp(jpeg).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(await exifr.parse(jpeg, { tiff: true, xmp: true, iptc: true }).catch(() => undefined)).toBeUndefined();
  expect(await exifr.gps(jpeg).catch(() => undefined)).toBeUndefined();
}

/** A camera-like JPEG with some detail, so a second encoding would change its bytes. */
function detailed(width: number, height: number, quality = 75) {
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 110, sigma: 3 } },
  }).jpeg({ quality });
}

/** The APPn segments (0xe0 to 0xef) before the first scan, by marker. */
function appSegments(jpeg: Buffer): number[] {
  const found: number[] = [];
  for (let at = 2; jpeg[at] === 0xff && jpeg[at + 1] !== 0xda; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef) found.push(jpeg[at + 1]!);
  }
  return found;
}

/** The mean difference of two pictures' pixels, channel by channel (0 to 255). */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [one, two] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  let sum = 0;
  for (let i = 0; i < one.length; i++) sum += Math.abs(one[i]! - two[i]!);
  return sum / one.length;
}

async function pixelAt(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('the photo pipeline', () => {
  it('makes a web copy and a thumbnail no longer than their long edges, both JPEG', async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const { web, thumbnail } = await processPhoto(photo);
    expect(await sharp(web).metadata()).toMatchObject({ format: 'jpeg', width: WEB_PHOTO_LONG_EDGE, height: 1536 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({
      format: 'jpeg',
      width: THUMBNAIL_LONG_EDGE,
      height: 360,
    });
  });

  it('puts the transparent parts of a PNG on white, not black', async () => {
    // Left half opaque red, right half fully transparent.
    const width = 200;
    const height = 100;
    const rgba = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width / 2; x++) rgba.set([200, 20, 20, 255], (y * width + x) * 4);
    }
    const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    const { web } = await processPhoto(png);
    const [r, g, b] = await pixelAt(web, 150, 50);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(245);
    const [red, green] = await pixelAt(web, 50, 50);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(60);
  });
});

describe('a photo the phone already prepared', () => {
  it('is encoded again at its own quality, one baseline scan, its GPS read and every APP segment left behind, the colour profile too', async () => {
    const tagged = await preparedJpegWithMetadata();
    expect(tagged.length).toBeLessThanOrEqual(PREPARED_PHOTO_MAX_BYTES);
    expect((await sharp(tagged).metadata()).icc).toBeDefined();
    const { web, thumbnail, gps } = await processPhoto(tagged);

    expect(gps?.latitude).toBeCloseTo(FIXTURE_GPS.latitude, 6);
    expect(gps?.longitude).toBeCloseTo(FIXTURE_GPS.longitude, 6);
    await expectNoMetadata(web);
    await expectNoMetadata(thumbnail);
    expect(appSegments(web)).toEqual([]);
    expect((await sharp(web).metadata()).icc).toBeUndefined();
    // The stored picture is this server's encoding, not the upload's scan data...
    expect(compressedPicture(web).equals(compressedPicture(tagged))).toBe(false);
    expect(readJpegLayout(web, { maxScans: 100 })).toEqual(readJpegLayout(tagged, { maxScans: 100 }));
    // ...at the quality the phone chose, so it weighs about the same and shows the same picture.
    expect(web.length / tagged.length).toBeGreaterThan(0.9);
    expect(web.length / tagged.length).toBeLessThan(1.1);
    expect(await meanDifference(web, tagged)).toBeLessThan(1.5);
    expect(await sharp(thumbnail).metadata()).toMatchObject({
      format: 'jpeg',
      width: THUMBNAIL_LONG_EDGE,
      height: 360,
    });
  });

  it('is stored as one baseline scan when it came progressive', async () => {
    const progressive = await detailed(1600, 1200).jpeg({ quality: 70, progressive: true }).toBuffer();
    expect(readJpegLayout(progressive, { maxScans: 100 })).toMatchObject({ scans: 10, quality: 70 });
    const { web } = await processPhoto(progressive);
    expect(readJpegLayout(web, { maxScans: 100 })).toMatchObject({ scans: 1, quality: 70 });
    expect((await sharp(web).metadata()).isProgressive).toBe(false);
  });

  it('is encoded again when it is longer than the web size', async () => {
    const wide = await detailed(2560, 1440).toBuffer();
    expect(wide.length).toBeLessThanOrEqual(PREPARED_PHOTO_MAX_BYTES);
    const { web } = await processPhoto(wide);
    expect(await sharp(web).metadata()).toMatchObject({ width: WEB_PHOTO_LONG_EDGE, height: 1152 });
  });

  it('is encoded again when it weighs more than a prepared photo may', async () => {
    const heavy = await detailed(2048, 1536, 100).toBuffer();
    expect(heavy.length).toBeGreaterThan(PREPARED_PHOTO_MAX_BYTES);
    const { web } = await processPhoto(heavy);
    expect(await sharp(web).metadata()).toMatchObject({ width: 2048, height: 1536 });
    expect(compressedPicture(web).equals(compressedPicture(heavy))).toBe(false);
    expect(web.length).toBeLessThan(heavy.length);
  });

  it('is encoded again, turned upright, when its EXIF says it is on its side', async () => {
    const onItsSide = await detailed(1600, 1200)
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 57/1 1200/100' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { web } = await processPhoto(onItsSide);
    const meta = await sharp(web).metadata();
    expect(meta).toMatchObject({ width: 1200, height: 1600 });
    expect(meta.orientation).toBeUndefined();
    await expectNoMetadata(web);
  });

  it('is refused like any photo when it is cut short', async () => {
    const tagged = await preparedJpegWithMetadata();
    await expect(processPhoto(tagged.subarray(0, Math.floor(tagged.length * 0.6)))).rejects.toMatchObject({
      statusCode: 422,
    });
  });
});
