// An administrator sees each open report's clock on its card ("due in ..." or "overdue by ..."),
// keeps only the overdue ones with 'Overdue only', and orders the list by 'Due: soonest'. axe checks
// the list at a phone's and a desk's width.
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  newAdminPage,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const HOUR = 3_600_000;

describe.skipIf(!hasChromium)("the management list's service levels", () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  beforeEach(async () => {
    await server.database.db.deleteFrom('reports').execute();
  });

  async function seed(what3words: string, dueInHours: number, priority = false) {
    const storage = localPhotoStorage(path.join(server.dataDir, 'photos'));
    const photoKey = await storePhoto(storage, await processPhoto(await plainJpeg()));
    const reportedAt = new Date(Date.now() - 2 * HOUR).toISOString();
    await server.database.db
      .insertInto('reports')
      .values({
        what3words,
        description: null,
        photo_key: photoKey,
        status: 'reported',
        reported_at: reportedAt,
        updated_at: reportedAt,
        latitude: 55.9533,
        longitude: -3.1883,
        location_source: 'device',
        location_status: 'checked',
        words_scheme: 'grid',
        priority: priority ? 1 : 0,
        due_at: new Date(Date.now() + dueInHours * HOUR).toISOString(),
      })
      .execute();
  }

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows each clock and filters the overdue reports (${name})`, async () => {
      await seed('rally.census.refuse', -5, true);
      await seed('bleak.exhaust.jewel', 72);
      await seed('daring.lion.race', 30);
      const { context, page } = await newAdminPage(browser, server, viewport);
      await page.goto(`${server.url}/volunteer-portal`);
      const cards = page.getByRole('article');
      const words = () => cards.locator('p > span.font-semibold').allTextContents();
      const summary = page.getByText(/^Showing \d/);
      await summary.filter({ hasText: 'Showing 1-3 of 3' }).waitFor();
      await expect
        .poll(() => cards.filter({ hasText: 'rally.census.refuse' }).textContent())
        .toMatch(/overdue by 5 hours/);
      await expect
        .poll(() => cards.filter({ hasText: 'bleak.exhaust.jewel' }).textContent())
        .toMatch(/due in (2|3) days/);
      await expectNoAxeViolations(page);
      await screenshot(page, `service-levels-list-${name}`);

      if (name === 'phone') await page.getByRole('button', { name: /^More/ }).first().click();
      await page.getByRole('button', { name: 'Due: soonest' }).click();
      await expect.poll(words).toEqual(['rally.census.refuse', 'daring.lion.race', 'bleak.exhaust.jewel']);

      await page.getByText('More filters').click();
      await page.getByRole('checkbox', { name: 'Overdue only' }).check();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await summary.filter({ hasText: 'Showing 1-1 of 1' }).waitFor();
      await expect.poll(words).toEqual(['rally.census.refuse']);
      await expect
        .poll(() => page.getByRole('link', { name: /Export these reports/ }).getAttribute('href'))
        .toMatch(/overdue=1/);
      await expectNoAxeViolations(page);
      await screenshot(page, `service-levels-overdue-${name}`);
      await context.close();
    });
  }
});
