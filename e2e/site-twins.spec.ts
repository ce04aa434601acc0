// One wall, two reports (a second phone at the same three words): a volunteer who cleans it is never
// sent back to it. Completing the clean-up completes both, and Find offers the next wall instead.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { placeReport } from '#tests/volunteers.ts';
import { gridWordsAt } from '#tests/places.ts';
import {
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  pickFiles,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
} from './support/browser.ts';

const HERE = { latitude: 55.9486, longitude: -3.1999 };

describe.skipIf(!hasChromium)('two reports of one wall', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('a volunteer cleans the wall once, both reports complete, and Find then offers the next wall', async () => {
    const wallAt = { latitude: HERE.latitude + 0.0014, longitude: HERE.longitude };
    const wallWords = gridWordsAt(wallAt.latitude, wallAt.longitude);
    const first = await placeReport(server.database.db, { ...wallAt, what3words: wallWords });
    const second = await placeReport(server.database.db, { ...wallAt, what3words: wallWords });
    const streetAt = { latitude: HERE.latitude - 0.005, longitude: HERE.longitude };
    const street = await placeReport(server.database.db, {
      ...streetAt,
      what3words: gridWordsAt(streetAt.latitude, streetAt.longitude),
    });

    const { cookies } = await volunteerSession(server.database, 'wall.cleaner@example.org');
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      locale: 'en-GB',
      geolocation: HERE,
      permissions: ['geolocation'],
    });
    await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url })));
    await context.route(/openstreetmap\.org|w3w\.co/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title>' }),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/volunteers`);

    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByText('156 metres away').waitFor();
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'I want to clean it up' }).click();
    await (await popup).close();
    await page.bringToFront();
    await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();
    await pickFiles(page.getByLabel('Before photo'), { name: 'before.jpg', buffer: await plainJpeg(800, 600) });
    await pickFiles(page.getByLabel('After photo'), { name: 'after.jpg', buffer: await plainJpeg(800, 600) });
    await page.getByRole('button', { name: 'Upload photos' }).click();
    await page.getByRole('heading', { name: 'Almost done!' }).waitFor();
    await page.getByRole('button', { name: 'Complete Cleanup' }).click();
    await page.getByText('Cleanup completed! Great job cleaning up Edinburgh!').waitFor();
    await page.getByText('This also completed 1 other report of the same site.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-site-twins-done-390');

    const statuses = await server.database.db
      .selectFrom('reports')
      .select(['id', 'status'])
      .where('id', 'in', [first, second, street])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: first, status: 'completed' },
      { id: second, status: 'completed' },
      { id: street, status: 'reported' },
    ]);

    // The next search offers the next wall, not the one just cleaned "1 metre away".
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByText('556 metres away').waitFor();
    await context.close();
  });
});
