// The photo pipeline on its own: the sizes it makes and what it does with transparency.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { THUMBNAIL_LONG_EDGE, WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';
import { processPhoto } from './photo-pipeline.ts';

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
