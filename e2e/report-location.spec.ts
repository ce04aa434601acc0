// A reporter fills the location from their phone's position instead of typing the words.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import {
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  screenshot,
  useBrowserAndServer,
  toasts,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
  pickFiles,
} from './support/browser.ts';

const WAVERLEY = { latitude: 55.95196, longitude: -3.18937, accuracy: 8 };

describe.skipIf(!hasChromium)('the report form location button', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('detects the position, fills the words, turns stale after 5 minutes, and sends the coordinates with the report', async () => {
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      geolocation: WAVERLEY,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${server.url}/#report`);

    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    await page.getByRole('button', { name: 'Location Detected - Click to Refresh' }).waitFor();
    const field = page.getByRole('textbox', { name: 'Three-word location' });
    // The detected words take the focus (it is not lost to the page body).
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => field.inputValue()).toBe('pilot.ginger.gaze');
    const map = page.getByRole('link', { name: /Check this location on a map/ });
    await expect.poll(() => map.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=55\.95/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-location-detected-390');

    // Checked every 60 s; the reading becomes stale once it is older than 5 minutes.
    await page.clock.fastForward('04:30');
    await expect.poll(() => page.getByRole('button', { name: 'Location Detected - Click to Refresh' }).count()).toBe(1);
    await page.clock.fastForward('01:31');
    await page.getByRole('button', { name: 'Location May Be Stale - Click to Refresh' }).waitFor();

    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'wall.jpg', buffer: await plainJpeg() });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page)
      .getByText(/Thank you for helping to make Edinburgh cleaner!/)
      .waitFor();
    const row = await server.database.db
      .selectFrom('reports')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ what3words: 'pilot.ginger.gaze', location_source: 'device' });
    expect(row.latitude).toBeCloseTo(WAVERLEY.latitude, 5);
    expect(row.longitude).toBeCloseTo(WAVERLEY.longitude, 5);
    await context.close();
  });

  it('words typed over the detected ones are sent without the device coordinates', async () => {
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      geolocation: WAVERLEY,
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#report`);
    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    await page.getByRole('button', { name: 'Location Detected - Click to Refresh' }).waitFor();
    await page.getByRole('textbox', { name: 'Three-word location' }).fill('bleak.exhaust.jewel');
    await page.getByRole('button', { name: 'Use My Current Location' }).waitFor();
    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'wall.jpg', buffer: await plainJpeg() });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page)
      .getByText(/Thank you for helping/)
      .waitFor();
    const row = await server.database.db
      .selectFrom('reports')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The typed words are the truth: the report is placed at their square, not where the phone was.
    expect(row).toMatchObject({ what3words: 'bleak.exhaust.jewel', location_source: 'words' });
    expect(row.latitude).toBeCloseTo(55.9533, 3);
    await context.close();
  });

  it('a denied permission shows "Location Permission Denied"', async () => {
    const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/#report`);
    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    await toasts(page).getByText('Location Permission Denied', { exact: true }).waitFor();
    await toasts(page).getByText('Location access denied. Please enable location services.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Use My Current Location' }).isEnabled()).toBe(true);
    await context.close();
  });
});
