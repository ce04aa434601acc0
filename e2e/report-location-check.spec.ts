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
      suggest: (w) => service().suggest(w),
      checkWords: (w) => service().checkWords(w),
    },
  });
  // The fake's address is known only once it has started, after the server options were read.
  const service = () => createLocationService({ provider: 'what3words', w3wApiKey: FAKE_W3W_KEY, w3wApiUrl: fake.url });

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
