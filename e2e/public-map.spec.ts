// The public map of sites: the list first (its own filter, sort and details), the map beside it over a
// basemap from a tile server this test starts (raster tiles drawn at test time, served over HTTP as a
// provider serves them), both from the same answer; offensive graffiti without its photo; a shared
// link that opens the same view; and, when the basemap cannot be reached, the sites on a plain
// background with a short notice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { placeReport } from '#tests/volunteers.ts';
import { startTileServer, type TileServer } from '#tests/tile-server.ts';
import { pmtilesFile, rasterTiles, type TileArea } from '#tests/pmtiles-file.ts';
import {
  DESKTOP,
  PHONE,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newPage,
  screenshot,
  startServer,
  type RunningServer,
} from './support/browser.ts';

const DAY = 86_400_000;
const WAVERLEY = { latitude: 55.9521, longitude: -3.1893 };
/** The view the test opens: Waverley, close enough in for each site (some 200 m apart) to stand alone. */
const VIEW = '/map?lat=55.95210&lng=-3.18930&zoom=15';

describe.skipIf(!hasChromium)('the public map of sites', () => {
  let browser: Browser;
  let server: RunningServer;
  let tiles: TileServer;
  const words = { open: 'open.wall.here', offensive: 'rude.wall.there', cleaned: 'clean.wall.now' };
  let ids: Record<keyof typeof words, number>;

  beforeAll(async () => {
    tiles = await startTileServer();
    [browser, server] = await Promise.all([launchBrowser(), startServer({ map: { styleUrl: tiles.styleUrl } })]);
    const { db } = server.database;
    const recently = new Date(Date.now() - 3 * DAY).toISOString();
    const open = await placeReport(db, { ...WAVERLEY, what3words: words.open, reportedAt: recently });
    const offensive = await placeReport(db, {
      latitude: WAVERLEY.latitude + 0.002,
      longitude: WAVERLEY.longitude + 0.0015,
      what3words: words.offensive,
      reportedAt: recently,
    });
    const cleaned = await placeReport(db, {
      latitude: WAVERLEY.latitude - 0.002,
      longitude: WAVERLEY.longitude - 0.0015,
      what3words: words.cleaned,
      status: 'completed',
      reportedAt: new Date(Date.now() - 20 * DAY).toISOString(),
    });
    // Cleaned long ago: off the map.
    const old = await placeReport(db, {
      latitude: WAVERLEY.latitude + 0.0025,
      longitude: WAVERLEY.longitude - 0.0015,
      what3words: 'long.ago.gone',
      status: 'completed',
      reportedAt: new Date(Date.now() - 300 * DAY).toISOString(),
    });
    const photoKey = await storePhoto(
      localPhotoStorage(path.join(server.dataDir, 'photos')),
      await processPhoto(await plainJpeg(640, 480)),
    );
    await db.updateTable('reports').set({ photo_key: photoKey }).execute();
    await db.updateTable('reports').set({ priority: 1 }).where('id', '=', offensive).execute();
    await db
      .updateTable('reports')
      .set({ completed_at: new Date(Date.now() - 10 * DAY).toISOString() })
      .where('id', '=', cleaned)
      .execute();
    await db
      .insertInto('cleanups')
      .values({
        report_id: cleaned,
        volunteer_id: null,
        completed_at: new Date(Date.now() - 10 * DAY).toISOString(),
        minutes_worked: 45,
        before_photo_key: photoKey,
        after_photo_key: photoKey,
        notes: null,
      })
      .execute();
    await db
      .updateTable('reports')
      .set({ completed_at: new Date(Date.now() - 200 * DAY).toISOString() })
      .where('id', '=', old)
      .execute();
    ids = { open, offensive, cleaned };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await tiles?.close();
  });

  /** A site's button on the list (the map has one of its own). */
  const listItem = (page: Page, name: string) =>
    page
      .getByRole('region', { name: /in this part of the city$/ })
      .getByRole('button', { name: new RegExp(`^///${name}`) });

  it('lists the sites, filters them, opens one, and draws them on the map over the basemap', async () => {
    const { page, context } = await newPage(browser, PHONE);
    // From the About page's third step.
    await page.goto(`${server.url}/about`);
    await page.getByRole('link', { name: 'See the sites on the map' }).click();
    await page.getByRole('heading', { level: 1, name: 'Graffiti map' }).waitFor();

    await page.goto(`${server.url}${VIEW}`);
    await page.getByRole('heading', { name: '3 sites in this part of the city' }).waitFor();
    for (const name of Object.values(words)) await listItem(page, name).waitFor();
    await expect.poll(() => page.getByText('long.ago.gone').count()).toBe(0);
    await page.getByText('Map data © OpenStreetMap contributors').waitFor();

    // Only what was cleaned lately, and the filter is in the address.
    await page.getByRole('radio', { name: 'Cleaned in the last 90 days' }).check();
    await page.getByRole('heading', { name: '1 site in this part of the city' }).waitFor();
    await listItem(page, words.cleaned).waitFor();
    expect(new URL(page.url()).searchParams.get('show')).toBe('cleaned');
    await page.getByRole('radio', { name: 'All' }).check();
    await page.getByRole('heading', { name: '3 sites in this part of the city' }).waitFor();

    // A site opened from the keyboard: its photo, status, date and three words; focus goes to it and back.
    await listItem(page, words.open).focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('region', { name: `///${words.open}` });
    await expectFocused(details.getByRole('heading', { name: `///${words.open}` }));
    await details.getByRole('img', { name: `The graffiti reported at ///${words.open}` }).waitFor();
    await details.getByText('Awaiting cleanup').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await expectFocused(listItem(page, words.open));

    // Offensive graffiti: its place and dates, never its photo.
    await listItem(page, words.offensive).click();
    const rude = page.getByRole('region', { name: `///${words.offensive}` });
    await rude.getByText('This graffiti was reported as offensive, so its photo is not shown.').waitFor();
    await expect.poll(() => rude.getByRole('img').count()).toBe(0);

    // The map follows the list: each site a button on it, over tiles from the provider.
    await page.locator('.maplibregl-canvas').waitFor();
    await expect.poll(() => page.locator('.cue-map-site').count(), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => tiles.tilesServed(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('The background map could not be loaded').count()).toBe(0);
    await page.getByRole('button', { name: `///${words.cleaned}, Completed` }).click();
    const cleaned = page.getByRole('region', { name: `///${words.cleaned}` });
    await cleaned.getByText('Cleaned', { exact: true }).waitFor();
    await cleaned.getByRole('img', { name: `Before the clean-up at ///${words.cleaned}` }).waitFor();
    await cleaned.getByRole('img', { name: `After the clean-up at ///${words.cleaned}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('site')).toBe(String(ids.cleaned));

    await expectNoAxeViolations(page);
    await screenshot(page, 'public-map-phone');

    // The shared link opens the same view with the same site open.
    const shared = page.url();
    const other = await context.newPage();
    await other.setViewportSize(DESKTOP);
    await other.goto(shared);
    await other.getByRole('region', { name: `///${words.cleaned}` }).waitFor();
    await expect.poll(() => other.locator('.cue-map-site').count(), { timeout: 30_000 }).toBe(3);
    await expectNoAxeViolations(other);
    await screenshot(other, 'public-map-desktop');

    // A report made meanwhile shows on the open map without a reload, on the list and on the map.
    const fresh = await placeReport(server.database.db, {
      latitude: WAVERLEY.latitude - 0.0025,
      longitude: WAVERLEY.longitude + 0.0015,
      what3words: 'fresh.wall.today',
    });
    await other.getByRole('heading', { name: '4 sites in this part of the city' }).waitFor();
    await listItem(other, 'fresh.wall.today').waitFor();
    await expect.poll(() => other.locator('.cue-map-site').count(), { timeout: 30_000 }).toBe(4);
    await server.database.db.deleteFrom('reports').where('id', '=', fresh).execute();
    await other.getByRole('heading', { name: '3 sites in this part of the city' }).waitFor();
    await context.close();
  });

  it('draws the sites on a plain background with a notice when the basemap cannot be reached', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await context.route(`${tiles.origin}/**`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}${VIEW}`);
    await page.getByRole('heading', { name: '3 sites in this part of the city' }).waitFor();
    await page
      .getByText('The background map could not be loaded, so the sites are shown on a plain background.')
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.cue-map-site').count(), { timeout: 30_000 }).toBe(3);
    await expectNoAxeViolations(page);
    await screenshot(page, 'public-map-offline');
    await context.close();
  });
});

describe.skipIf(!hasChromium)('the public map over our own extract', () => {
  let browser: Browser;
  let server: RunningServer;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-extract-'));
    const area: TileArea = { minZoom: 12, maxZoom: 16, bounds: [-3.2, 55.945, -3.178, 55.958] };
    fs.writeFileSync(path.join(dir, 'edinburgh.pmtiles'), pmtilesFile(await rasterTiles(area), area));
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        map: { styleUrl: 'https://tiles.example.invalid/style', pmtilesPath: path.join(dir, 'edinburgh.pmtiles') },
      }),
    ]);
    await placeReport(server.database.db, { ...WAVERLEY, what3words: 'open.wall.here' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the basemap from the app in HTTP ranges and draws the sites over it', async () => {
    const { page } = await newPage(browser, DESKTOP);
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/map/tiles/')) ranges.push(response.status());
    });
    await page.goto(`${server.url}${VIEW}`);
    await page.getByRole('heading', { name: '1 site in this part of the city' }).waitFor();
    await expect.poll(() => page.locator('.cue-map-site').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => ranges.length, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(new Set(ranges)).toEqual(new Set([206]));
    await expect.poll(() => page.getByText('The background map could not be loaded').count()).toBe(0);
    await screenshot(page, 'public-map-extract');
    await page.context().close();
  });
});
