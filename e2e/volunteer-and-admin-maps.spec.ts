// The maps beside the volunteers' and administrators' work, over a basemap from a tile server this
// test starts: a volunteer chooses a site near them from the map and from its list twin (not only the
// nearest) and takes it on by the ordinary claim; an administrator shows the reports as a hotspot map,
// filters it by status and priority, and clicks through to a report's card. Each screen is checked
// with axe at a phone's and a desk's width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { volunteerSession } from '#tests/sessions.ts';
import { placeReport } from '#tests/volunteers.ts';
import { gridWordsAt } from '#tests/places.ts';
import { startTileServer, type TileServer } from '#tests/tile-server.ts';
import {
  DESKTOP,
  PHONE,
  WITHOUT_SERVICE_WORKER,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newAdminPage,
  screenshot,
  startServer,
  type RunningServer,
} from './support/browser.ts';

const HERE = { latitude: 55.9486, longitude: -3.1999 };
/** About `metres` north of here. */
const north = (metres: number) => ({ latitude: HERE.latitude + metres / 111_195, longitude: HERE.longitude });

describe.skipIf(!hasChromium)('the volunteers’ and administrators’ maps', () => {
  let browser: Browser;
  let server: RunningServer;
  let tiles: TileServer;
  const at = { near: north(150), middle: north(450), far: north(900) };
  const words = {
    near: gridWordsAt(at.near.latitude, at.near.longitude),
    middle: gridWordsAt(at.middle.latitude, at.middle.longitude),
    far: gridWordsAt(at.far.latitude, at.far.longitude),
  };
  let ids: Record<keyof typeof words, number>;
  let cleanedWords: string;
  let priorityWords: string;

  beforeAll(async () => {
    tiles = await startTileServer();
    [browser, server] = await Promise.all([launchBrowser(), startServer({ map: { styleUrl: tiles.styleUrl } })]);
    const { db } = server.database;
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    ids = {
      near: await placeReport(db, { ...at.near, what3words: words.near, reportedAt: day(3) }),
      middle: await placeReport(db, { ...at.middle, what3words: words.middle, reportedAt: day(1) }),
      far: await placeReport(db, { ...at.far, what3words: words.far, reportedAt: day(2) }),
    };
    // A site cleaned (the administrators' map only), and offensive graffiti 2.5 km away, past the distance
    // at which it would be offered before the nearest.
    const cleaned = north(-600);
    cleanedWords = gridWordsAt(cleaned.latitude, cleaned.longitude);
    await placeReport(db, { ...cleaned, what3words: cleanedWords, status: 'completed', reportedAt: day(20) });
    const rude = { latitude: HERE.latitude, longitude: HERE.longitude + 2500 / 62_400 };
    priorityWords = gridWordsAt(rude.latitude, rude.longitude);
    const rudeId = await placeReport(db, { ...rude, what3words: priorityWords, reportedAt: day(5) });
    await db.updateTable('reports').set({ priority: 1 }).where('id', '=', rudeId).execute();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await tiles?.close();
  });

  async function volunteerPage(viewport: { width: number; height: number }) {
    const { cookies } = await volunteerSession(server.database, 'chooser@example.org');
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport,
      locale: 'en-GB',
      geolocation: HERE,
      permissions: ['geolocation'],
    });
    await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url })));
    const page = await context.newPage();
    await page.goto(`${server.url}/volunteers`);
    return { context, page };
  }

  const nearbyList = (page: Page) => page.getByRole('list', { name: 'Open sites near you' });
  const mapButton = (page: Page, name: string) => page.locator(`.cue-map-site[aria-label^="///${name},"]`);
  const steps = (page: Page) => page.getByRole('region', { name: 'Clean-up steps' });
  const stepHeading = (page: Page) =>
    page.getByRole('region', { name: 'Clean-up steps' }).getByRole('heading', { level: 2 });

  it('a volunteer chooses a site from the map, then another from the list, and takes it on', async () => {
    const { context, page } = await volunteerPage(PHONE);
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByRole('heading', { name: 'Nearest graffiti' }).waitFor();
    await page.getByText(`///${words.near}`).first().waitFor();

    // The list twin: every open site near, nearest first, with distances.
    const list = nearbyList(page);
    await list.getByRole('button').first().waitFor();
    await expect
      .poll(() => list.getByRole('button').allTextContents())
      .toEqual([
        expect.stringMatching(new RegExp(`^${words.near}150 metres from you.*Shown above`)),
        expect.stringMatching(new RegExp(`^${words.middle}450 metres from you`)),
        expect.stringMatching(new RegExp(`^${words.far}900 metres from you`)),
        expect.stringMatching(new RegExp(`^${priorityWords}2\\.5 km from you.*Offensive: priority`)),
      ]);
    // Newest first, on request.
    await page.getByRole('combobox', { name: 'Sort the list' }).selectOption('date');
    await expect
      .poll(async () =>
        (await list.getByRole('button').allTextContents()).map((text) => /^([a-z]+\.[a-z]+\.[a-z]+)/.exec(text)?.[1]),
      )
      .toEqual([words.middle, words.far, words.near, priorityWords]);

    // The map twin, over the basemap: a site chosen there is put in the workflow.
    await mapButton(page, words.middle).waitFor({ timeout: 60_000 });
    await page.getByText('Map data © OpenStreetMap contributors', { exact: false }).first().waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-nearby-sites-390');
    await mapButton(page, words.middle).click();
    await expectFocused(page.getByRole('heading', { name: 'The site you chose' }));
    await steps(page).getByText('450 metres away', { exact: true }).waitFor();
    await expect.poll(() => mapButton(page, words.middle).getAttribute('aria-pressed')).toBe('true');

    // From the list, by the keyboard.
    await list.getByRole('button', { name: new RegExp(`^${words.far}`) }).focus();
    await page.keyboard.press('Enter');
    await expectFocused(stepHeading(page));
    await steps(page).getByText('900 metres away', { exact: true }).waitFor();
    await expect(stepHeading(page).textContent()).resolves.toBe('The site you chose');

    // Taking it on is the ordinary claim.
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'I want to clean it up' }).click();
    await (await popup).close();
    await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();
    const claimed = await server.database.db
      .selectFrom('reports')
      .select(['id', 'status'])
      .where('status', '=', 'cleaning')
      .execute();
    expect(claimed).toEqual([{ id: ids.far, status: 'cleaning' }]);
    // The list of sites near is for choosing: it goes once a site is taken on.
    await expect.poll(() => nearbyList(page).count()).toBe(0);
    await page.getByRole('button', { name: "I can't clean this site after all" }).click();
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).waitFor();
    await context.close();
  });

  it('the list and map of sites near are axe clean at a desk’s width', async () => {
    const { context, page } = await volunteerPage(DESKTOP);
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await mapButton(page, words.far).waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-nearby-sites-1280');
    await context.close();
  });

  const hotspotList = (page: Page) => page.getByRole('region', { name: /in this view$/ });

  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`an administrator filters the hotspot map and clicks through to a report card (${width} px)`, async () => {
      const { context, page } = await newAdminPage(browser, server, viewport);
      await page.goto(`${server.url}/volunteer-portal`);
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.getByRole('heading', { name: 'Hotspot map' }).waitFor();
      // The middle of the city, zoomed out once: the reports near each other gathered, the heat layer on.
      await hotspotList(page)
        .getByRole('heading', { name: /reports? in this view$/ })
        .waitFor();
      await page.locator('.cue-map-cluster, .cue-map-site').first().waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await hotspotList(page).getByRole('heading', { name: '5 reports in this view' }).waitFor();
      await expect.poll(() => page.getByRole('checkbox', { name: 'Heat layer' }).isChecked()).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-hotspot-map-${width}`);

      // Filtered by status: only the cleaned site.
      await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
      await hotspotList(page).getByRole('heading', { name: '1 report in this view' }).waitFor();
      // Priority only (any status).
      await page.getByRole('combobox', { name: 'Status' }).selectOption('all');
      await page.getByRole('combobox', { name: 'Priority' }).selectOption('priority');
      await hotspotList(page).getByRole('heading', { name: '1 report in this view' }).waitFor();
      const site = hotspotList(page).getByRole('button', { name: new RegExp(`^///${priorityWords}`) });
      await site.waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-hotspot-map-priority-${width}`);

      // A click opens its report card, on the Cards view, with the focus in it.
      if (width === '1280') await mapButton(page, priorityWords).click();
      else await site.click();
      const card = page.getByRole('article');
      await card.getByText(priorityWords, { exact: false }).first().waitFor();
      await expect.poll(() => card.count()).toBe(1);
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('article')))).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, `admin-hotspot-card-${width}`);

      // Back on the map, the filters are as they were left. From the keyboard: the card just opened is
      // held at the top of the window for a moment, which a pointer's scroll to the button would fight.
      await page.getByRole('button', { name: 'Map', exact: true }).focus();
      await page.keyboard.press('Enter');
      await hotspotList(page).getByRole('heading', { name: '1 report in this view' }).waitFor();
      await context.close();
    });
  }
});
