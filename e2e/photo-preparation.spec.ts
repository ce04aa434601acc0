// The phone shrinks a photo before it goes up: a detailed 12-megapixel camera photo leaves Chromium as
// a JPEG of at most 450 kB (so it goes up a 750 kbps signal in under 5 seconds), still 2048 px on its
// long edge as the server keeps it, with the position read from its EXIF before re-encoding dropped it.
// Bundled here by esbuild as one script, which has no worker to start (no import.meta.url), this is the
// page's own preparation, the fallback; photo-preparation-worker.spec.ts checks the worker in the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';
import { detailedTwelveMegapixelJpeg, FIXTURE_GPS } from '#tests/fixture-photos.ts';
import { prepareInChromium } from '#tests/prepare-photo-in-chromium.ts';
import { hasChromium, launchBrowser } from './support/browser.ts';

describe.skipIf(!hasChromium)('preparing a photo on the phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('sends a detailed 12 MP photo as a JPEG of at most 450 kB, 2048 px on its long edge', async () => {
    const photo = await detailedTwelveMegapixelJpeg();
    expect(photo.length).toBeGreaterThan(1_500_000);

    const prepared = await prepareInChromium(browser, photo);

    expect(prepared.bytes.length).toBeLessThanOrEqual(450_000);
    expect(prepared.name).toBe('IMG_0001.jpg');
    expect(prepared.gps?.latitude).toBeCloseTo(FIXTURE_GPS.latitude, 4);
    expect(prepared.gps?.longitude).toBeCloseTo(FIXTURE_GPS.longitude, 4);
    // Decoded for real: a JPEG of the whole picture, at the size the server keeps.
    const { data, info } = await sharp(prepared.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.format).toBe('raw');
    expect([info.width, info.height]).toEqual([WEB_PHOTO_LONG_EDGE, 1536]);
    expect((await sharp(prepared.bytes).metadata()).format).toBe('jpeg');
    expect(data.length).toBe(WEB_PHOTO_LONG_EDGE * 1536 * 3);
  });
});
