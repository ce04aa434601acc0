// A reporter places the report's location with a pin on a map instead of typing the words: from the
// keyboard alone, by a tap, by dragging the pin; the pin's words fill the field, an open report there
// is pointed out as for typed words, and the report goes. The map's code is not loaded until asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { gridWordsAt } from '#tests/places.ts';
import { startTileServer, type TileServer } from '#tests/tile-server.ts';
import {
  DESKTOP,
  PHONE,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newPage,
  pickFiles,
  screenshot,
  startServer,
  toasts,
  type RunningServer,
} from './support/browser.ts';

/** Where the map opens when the field is empty: the middle of the city. */
const CITY = { lat: 55.9533, lng: -3.1883 };
const MAP_CODE = /\/assets\/(pin-map|site-map|maplibre)[^/]*\.m?js$/;

describe.skipIf(!hasChromium)("the report form's 'Choose on the map'", () => {
  let browser: Browser;
  let server: RunningServer;
  let tiles: TileServer;
  const cityWords = gridWordsAt(CITY.lat, CITY.lng);

  beforeAll(async () => {
    tiles = await startTileServer();
    [browser, server] = await Promise.all([launchBrowser(), startServer({ map: { styleUrl: tiles.styleUrl } })]);
    // An open report in the middle of the city, with its photo.
    const { payload, headers } = await multipartBody(
      { what3words: cityWords },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const made = await server.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(made.statusCode).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await tiles?.close();
  });

  const picker = (page: Page) => page.getByRole('dialog', { name: 'Choose on the map' });
  const pinWords = async (dialog: Locator) => {
    const status = dialog.getByText(/^The pin is at \/\/\//);
    await status.waitFor();
    return (await status.textContent())!.replace('The pin is at ///', '');
  };
  /** The pin's words once they are no longer `before`. */
  const pinWordsOtherThan = async (dialog: Locator, before: string) => {
    await expect
      .poll(async () => (await dialog.getByText(/^The pin is at \/\/\//).textContent()) ?? '', { timeout: 15_000 })
      .not.toBe(`The pin is at ///${before}`);
    return pinWords(dialog);
  };
  const mapDrawn = async (dialog: Locator) => {
    await dialog.locator('.maplibregl-canvas').waitFor();
    await dialog.locator('.cue-pin').waitFor();
    await expect.poll(() => tiles.tilesServed(), { timeout: 30_000 }).toBeGreaterThan(0);
  };

  it('places the pin from the keyboard alone, fills the words, points out the open report there, and sends the report', async () => {
    const { page, context } = await newPage(browser, PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/#report`);
    const field = page.getByRole('textbox', { name: 'Three-word location' });
    const button = page.getByRole('button', { name: 'Choose on the map' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    // The form as it was: no map code until the button is pressed.
    expect(scripts.filter((script) => MAP_CODE.test(script))).toEqual([]);

    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = picker(page);
    await dialog.waitFor();
    await mapDrawn(dialog);
    expect(scripts.some((script) => MAP_CODE.test(script))).toBe(true);
    // The pin starts in the middle of the city, and says where it is.
    expect(await pinWords(dialog)).toBe(cityWords);

    // Tab reaches the map (named for what its keys do); the arrow keys move the pin, + zooms in.
    const canvas = dialog.getByRole('region', { name: /^Map with a pin\. The arrow keys move the pin/ });
    for (let i = 0; i < 3 && !(await canvas.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expectFocused(canvas);
    // In to the closest zoom (its 'Zoom in' button then gives up), where Shift+arrow steps a couple of metres.
    for (let i = 0; i < 8; i++) await page.keyboard.press('+');
    await expect.poll(() => dialog.getByRole('button', { name: 'Zoom in' }).isDisabled()).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
    const chosen = await pinWordsOtherThan(dialog, cityWords);
    await expectFocused(canvas);
    await expectNoAxeViolations(page);
    await screenshot(page, 'choose-on-the-map-390', { fullPage: false });

    // Enter uses the place: the words fill the field, which takes the focus.
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => field.inputValue()).toBe(chosen);
    await expectFocused(field);

    // A few metres from the open report: pointed out, as for typed words.
    const prompt = page.getByRole('region', { name: /^Already reported here on \d\d\/\d\d\/\d{4}$/ });
    await prompt.getByRole('img', { name: `The graffiti already reported at ${cityWords}` }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'choose-on-the-map-chosen-390');

    // A new report all the same, at the pin's words.
    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'wall.jpg', buffer: await plainJpeg(800, 600) });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page)
      .getByText(/Thank you for helping to make Edinburgh cleaner!/)
      .waitFor();
    const row = await server.database.db
      .selectFrom('reports')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The words are the truth: the report stands on their square, not on a device's reading.
    expect(row).toMatchObject({ what3words: chosen, location_source: 'words' });
    expect(row.longitude).toBeGreaterThan(CITY.lng);
    await context.close();
  });

  it('places the pin by a tap and by dragging it, opening at the words already typed', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/#report`);
    const field = page.getByRole('textbox', { name: 'Three-word location' });
    await field.fill(cityWords);
    await page.getByRole('button', { name: 'Choose on the map' }).click();
    const dialog = picker(page);
    await mapDrawn(dialog);
    expect(await pinWords(dialog)).toBe(cityWords);
    await expectNoAxeViolations(page);
    await screenshot(page, 'choose-on-the-map-1280', { fullPage: false });

    // A tap east of the pin puts it there.
    const box = (await dialog.locator('.maplibregl-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 150, box.y + box.height / 2);
    const tapped = await pinWordsOtherThan(dialog, cityWords);
    const placeOf = async (words: string) =>
      (await (await page.request.get(`${server.url}/api/location/words-to-coordinates?words=${words}`)).json()) as {
        lat: number;
        lng: number;
      };
    expect((await placeOf(tapped)).lng).toBeGreaterThan(CITY.lng + 0.0002);

    // Dragged back west, past where it started.
    const pin = (await dialog.locator('.cue-pin').boundingBox())!;
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 - 150, pin.y + pin.height / 2, { steps: 8 });
    await page.mouse.move(pin.x + pin.width / 2 - 300, pin.y + pin.height / 2, { steps: 8 });
    await page.mouse.up();
    const dragged = await pinWordsOtherThan(dialog, tapped);
    expect((await placeOf(dragged)).lng).toBeLessThan(CITY.lng - 0.0002);

    await dialog.getByRole('button', { name: 'Use this place' }).click();
    await expect.poll(() => field.inputValue()).toBe(dragged);
    await expectFocused(field);
    await context.close();
  });

  it('Escape closes the map, leaves the words as they were and gives the focus back to the button', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/#report`);
    const field = page.getByRole('textbox', { name: 'Three-word location' });
    await field.fill('index.home.raft');
    const button = page.getByRole('button', { name: 'Choose on the map' });
    await button.click();
    const dialog = picker(page);
    await mapDrawn(dialog);
    await dialog.locator('.maplibregl-canvas').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expectFocused(button);
    await expect.poll(() => field.inputValue()).toBe('index.home.raft');

    // Cancel does the same, and the map opens again.
    await button.click();
    await picker(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => picker(page).count()).toBe(0);
    await expectFocused(button);
    await expect.poll(() => field.inputValue()).toBe('index.home.raft');
    await context.close();
  });
});
