// 'Find graffiti near me' looks within 5 km: from Glasgow it says so plainly and offers a wider search; at a
// wall with three reports, 'Find another site' offers the other sites before the same wall again.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { volunteerSession } from '#tests/sessions.ts';
import { placeReport } from '#tests/volunteers.ts';
import { gridWordsAt } from '#tests/places.ts';
import {
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
} from './support/browser.ts';

const HERE = { latitude: 55.9486, longitude: -3.1999 };
const GLASGOW = { latitude: 55.8642, longitude: -4.2518 };

describe.skipIf(!hasChromium)('the find radius and seen walls', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  async function volunteerPage(at: { latitude: number; longitude: number }) {
    const { cookies } = await volunteerSession(server.database, 'finder@example.org');
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      locale: 'en-GB',
      geolocation: at,
      permissions: ['geolocation'],
    });
    await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url })));
    const page = await context.newPage();
    await page.goto(`${server.url}/volunteers`);
    return { context, page };
  }

  it('from Glasgow: no graffiti within 5 km, said plainly, and a wider search finds Edinburgh, in kilometres', async () => {
    const wall = { latitude: HERE.latitude + 0.0014, longitude: HERE.longitude };
    await placeReport(server.database.db, { ...wall, what3words: gridWordsAt(wall.latitude, wall.longitude) });
    const { context, page } = await volunteerPage(GLASGOW);
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByRole('alert').getByText('No graffiti reports within 5 km of you.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-none-within-5km-390');
    await page.getByRole('button', { name: 'Search within 20 km' }).click();
    await page.getByRole('alert').getByText('No graffiti reports within 20 km of you.').waitFor();
    await page.getByRole('button', { name: 'Search within 100 km' }).click();
    await page.getByText(/^\d{2}(\.\d)? km away$/).waitFor();
    await context.close();
  });

  it('at a wall with three reports, "Find another site" offers the other sites first', async () => {
    await server.database.db.deleteFrom('reports').execute();
    const wallAt = { latitude: HERE.latitude + 0.0014, longitude: HERE.longitude };
    const wallWords = gridWordsAt(wallAt.latitude, wallAt.longitude);
    const wall: number[] = [];
    for (let i = 0; i < 3; i++) wall.push(await placeReport(server.database.db, { ...wallAt, what3words: wallWords }));
    const southAt = { latitude: HERE.latitude - 0.005, longitude: HERE.longitude };
    const southWords = gridWordsAt(southAt.latitude, southAt.longitude);
    const south = await placeReport(server.database.db, { ...southAt, what3words: southWords });

    const { context, page } = await volunteerPage(HERE);
    // The report each search offered, in order.
    const offered: number[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/find-nearby') return;
      offered.push((await response.json()).nearestReport?.id ?? null);
    });
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByText('156 metres away').waitFor();
    // The found site takes the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toMatch(/^h[1-6]$/);
    await page.getByRole('button', { name: 'Find another site' }).click();
    await page.getByText('556 metres away').waitFor();
    await page.getByText(`///${southWords}`).waitFor();
    await expect.poll(() => offered.length).toBe(2);
    expect(offered[1]).toBe(south);
    // Every other site seen, the rest of the wall comes up, each report once, none passed over again.
    for (const count of [3, 4]) {
      await page.getByRole('button', { name: 'Find another site' }).click();
      await expect.poll(() => offered.length).toBe(count);
      await page.getByText(`///${wallWords}`).waitFor();
    }
    expect(offered.filter((id) => id !== south).sort()).toEqual([...wall].sort());
    await context.close();
  });
});
