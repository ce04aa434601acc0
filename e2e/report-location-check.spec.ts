// Locations are checked when the report is made: a misspelt location is refused at the field with real
// locations to choose from, a real location outside Edinburgh is refused with the reason, and a volunteer
// searching from Glasgow is told plainly that nothing is within 5 km.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { FAKE_W3W_KEY, startFakeWhat3words, type FakeWhat3words } from '#tests/fake-what3words.ts';
import { createLocationService } from '#server/features/location/location.service.ts';
import {
  PHONE,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  screenshot,
  useBrowserAndServer,
  toasts,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
  pickFiles,
} from './support/browser.ts';

async function fillAndSubmit(page: Page, words: string) {
  await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'wall.jpg', buffer: await plainJpeg() });
  await page.getByRole('textbox', { name: 'Three-word location' }).fill(words);
  await page.getByRole('button', { name: 'Submit Report' }).click();
}

describe.skipIf(!hasChromium)('a misspelt location on the report form (grid)', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('is refused at the field with real locations to choose from; choosing one sends the report', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/#report`);
      // Opening /#report lands on the form.
      const form = page.getByRole('form', { name: 'Report graffiti' });
      await expect.poll(() => form.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
      await page.getByText('Three words separated by dots, like pilot.ginger.gaze').waitFor();
      await fillAndSubmit(page, 'pilot.ginger.gazz');
      await page
        .getByRole('alert')
        .getByText("'gazz' is not one of the words of three-word locations. Please check the spelling.")
        .waitFor();
      const field = page.getByRole('textbox', { name: 'Three-word location' });
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      const suggestions = page.getByRole('group', { name: 'Did you mean:' }).getByRole('button');
      await expect.poll(() => suggestions.count()).toBe(3);
      await screenshot(page, `report-suggestions-${viewport.width}`);
      await expectNoAxeViolations(page);
      await suggestions.getByText('pilot.ginger.gaze', { exact: true }).click();
      await expect.poll(() => field.inputValue()).toBe('pilot.ginger.gaze');
      await page.getByRole('button', { name: 'Submit Report' }).click();
      await toasts(page)
        .getByText(/Thank you for helping to make Edinburgh cleaner!/)
        .waitFor();
      await context.close();
    }
    const rows = await server.database.db.selectFrom('reports').select(['what3words', 'location_source']).execute();
    expect(rows).toEqual([
      { what3words: 'pilot.ginger.gaze', location_source: 'words' },
      { what3words: 'pilot.ginger.gaze', location_source: 'words' },
    ]);
  });
});

describe.skipIf(!hasChromium)('suggestions for a misspelt location, nearest first', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('after the location button was used, each suggestion shows its area and how far away it is, nearest first', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({
        ...WITHOUT_SERVICE_WORKER,
        viewport,
        geolocation: { latitude: 55.95196, longitude: -3.18937, accuracy: 8 },
        permissions: ['geolocation'],
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/#report`);
      await page.getByRole('button', { name: 'Use My Current Location' }).click();
      const field = page.getByRole('textbox', { name: 'Three-word location' });
      await expect.poll(() => field.inputValue()).toBe('pilot.ginger.gaze');
      // The words are then mistyped by hand: the position is still the person's own.
      await fillAndSubmit(page, 'pilot.ginger.gazz');
      const suggestions = page.getByRole('group', { name: 'Did you mean:' }).getByRole('button');
      await expect.poll(() => suggestions.count()).toBe(3);
      const names = await suggestions.allTextContents();
      expect(names[0]).toBe('pilot.ginger.gazeOld Town, 1 metre away');
      const distances = names.map((name) => {
        const [, amount, unit] = /, ([\d.,]+) (metres?|km) away$/.exec(name)!;
        return Number(amount!.replace(',', '')) * (unit === 'km' ? 1000 : 1);
      });
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances[2]).toBeGreaterThan(1000);
      await expectNoAxeViolations(page);
      await screenshot(page, `report-suggestions-ranked-${viewport.width}`);
      await suggestions.first().click();
      await expect.poll(() => field.inputValue()).toBe('pilot.ginger.gaze');
      await context.close();
    }
  });

  it('without a position, the distances are from the city centre and say so', async () => {
    const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/#report`);
    await fillAndSubmit(page, 'pilot.ginger.gazz');
    const suggestions = page.getByRole('group', { name: 'Did you mean:' }).getByRole('button');
    await expect.poll(() => suggestions.count()).toBe(3);
    await expect
      .poll(() => suggestions.first().textContent())
      .toBe('pilot.ginger.gazeOld Town, 164 metres from the city centre');
    await context.close();
  });
});

describe.skipIf(!hasChromium)('a location outside Edinburgh (what3words)', () => {
  let fake: FakeWhat3words;
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    fake = await startFakeWhat3words();
  });
  afterAll(() => fake.close());
  useBrowserAndServer((started) => ({ browser, server } = started), {
    location: {
      get provider() {
        return 'what3words' as const;
      },
      get region() {
        return createLocationService({ provider: 'grid' }).region;
      },
      wordsToCoordinates: (w) => service().wordsToCoordinates(w),
      coordinatesToWords: (lat, lng) => service().coordinatesToWords(lat, lng),
      suggest: (w, near) => service().suggest(w, near),
      checkWords: (w, near) => service().checkWords(w, near),
    },
  });
  // The fake's address is known only once it has started, after the server options were read.
  const service = () => createLocationService({ provider: 'what3words', w3wApiKey: FAKE_W3W_KEY, w3wApiUrl: fake.url });

  it("a misspelt location offers what3words' places nearest first, each with its nearest place and distance", async () => {
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      geolocation: { latitude: 55.9895, longitude: -3.396, accuracy: 8 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#report`);
    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    await page.getByRole('button', { name: 'Location Detected - Click to Refresh' }).waitFor();
    await fillAndSubmit(page, 'bridge.mural.south');
    const suggestions = page.getByRole('group', { name: 'Did you mean:' }).getByRole('button');
    await expect.poll(() => suggestions.count()).toBe(2);
    const names = await suggestions.allTextContents();
    expect(names[0]).toMatch(/^bridge\.mural\.forthSouth Queensferry, Edinburgh, \d+ metres away$/);
    expect(names[1]).toMatch(/^bridge\.mural\.northEdinburgh, 1\d\.\d km away$/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-suggestions-what3words-390');
    await context.close();
  });

  it('is refused with the reason, and nothing is stored', async () => {
    const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/#report`);
    await fillAndSubmit(page, 'george.square.glasgow');
    await page
      .getByRole('alert')
      .getByText('That three-word location is outside Edinburgh. Please enter the location of graffiti in Edinburgh.')
      .waitFor();
    expect(await server.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
    await context.close();
  });
});
