// Choosing a photo on a browser that cannot show it: an iPhone's HEIC on desktop Chromium gets a clear
// placeholder instead of a broken image, on the report form and in the find page's Before and After
// pickers, and still goes up. A file that is not a photo is refused at once, in plain words.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gridWordsAt } from '#tests/places.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { placeReport } from '#tests/volunteers.ts';
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  pickFiles,
  screenshot,
  toasts,
  useBrowserAndServer,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
} from './support/browser.ts';

const heic = () => fs.readFileSync(path.join(import.meta.dirname, '../tests/fixtures/wall.heic'));
const PLACEHOLDER = 'Preview not available on this device; the photo will be sent';
const NOT_A_PHOTO = 'Please choose a JPG, PNG, WebP or HEIC photo.';
const HERE = { latitude: 55.9498, longitude: -3.1881 };

/** No picture drawn anywhere on the page: every image shown has decoded. */
async function noBrokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.alt),
  );
}

describe.skipIf(!hasChromium)('choosing a photo the browser cannot show, or a file that is not a photo', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('an iPhone HEIC on the report form shows a placeholder, not a broken image, and the report goes', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport, locale: 'en-GB' });
      const page = await context.newPage();
      await page.goto(`${server.url}/#report`);
      await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'IMG_0004.HEIC', buffer: heic() });
      await page.getByText(PLACEHOLDER).waitFor();
      expect(await noBrokenImages(page)).toEqual([]);
      await page.getByText('Please upload a photo to submit your report').waitFor({ state: 'detached' });
      await expectNoAxeViolations(page);
      await screenshot(page, `report-heic-${viewport.width}`);
      await page.getByRole('textbox', { name: 'Three-word location' }).fill('rally.census.refuse');
      await page.getByRole('button', { name: 'Submit Report' }).click();
      await toasts(page)
        .getByText(/Thank you for helping to make Edinburgh cleaner!/)
        .waitFor();
      await context.close();
    }
  });

  it('a file that is not a photo is refused on the report form as soon as it is chosen, saying so', async () => {
    const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport: PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${server.url}/#report`);
    const input = page.getByLabel('Photo of the graffiti');
    await pickFiles(input, { name: 'minutes.pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await toasts(page).getByText('Unsupported image', { exact: true }).waitFor();
    await toasts(page).getByText(NOT_A_PHOTO, { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    await page.getByText('Please upload a photo to submit your report').waitFor();
    // An empty file (a photo that did not finish saving) is not a photo either.
    await pickFiles(input, { name: 'IMG_0005.jpg', buffer: Buffer.alloc(0) });
    await toasts(page).getByText('This file could not be read as a photo. Please choose another photo.').waitFor();
    await page.getByText('Please upload a photo to submit your report').waitFor();
    await screenshot(page, 'report-not-a-photo-390');
    await context.close();
  });

  it("the find page's Before and After pickers show the same placeholder for a HEIC, and refuse a file that is not a photo", async () => {
    await placeReport(server.database.db, {
      latitude: HERE.latitude,
      longitude: HERE.longitude,
      what3words: gridWordsAt(HERE.latitude, HERE.longitude),
    });
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({
        ...WITHOUT_SERVICE_WORKER,
        viewport,
        locale: 'en-GB',
        geolocation: HERE,
        permissions: ['geolocation'],
      });
      await context.route(/openstreetmap\.org|w3w\.co/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title>' }),
      );
      // The same volunteer both times: at the second width the page comes back to the site they claimed.
      const { cookies } = await volunteerSession(server.database, 'heic@example.org');
      await context.addCookies([{ name: 'cue_session', value: cookies.cue_session!, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/volunteers`);
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
        await page.getByRole('button', { name: 'I want to clean it up' }).click();
      }
      await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();

      await pickFiles(page.getByLabel('Before photo'), { name: 'notes.txt', buffer: Buffer.from('not a photo') });
      await toasts(page).getByText(NOT_A_PHOTO, { exact: true }).waitFor();
      await expect.poll(() => page.getByText('Tap to add photo').count()).toBe(2);

      await pickFiles(page.getByLabel('Before photo'), { name: 'IMG_0006.HEIC', buffer: heic() });
      await pickFiles(page.getByLabel('After photo'), { name: 'after.jpg', buffer: await plainJpeg(800, 600) });
      await page.getByText(PLACEHOLDER).waitFor();
      await page.getByRole('img', { name: 'The after photo you chose' }).waitFor();
      expect(await noBrokenImages(page)).toEqual([]);
      await expect.poll(() => page.getByRole('button', { name: 'Upload photos' }).isDisabled()).toBe(false);
      await expectNoAxeViolations(page);
      await screenshot(page, `find-photos-heic-${viewport.width}`);
      await context.close();
    }
  });
});
