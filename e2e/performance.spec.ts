// Anyone reads how the service performs: the About page links to it; the page shows the last 30 days,
// a chart with the same figures in a table, the open reports by age and the CSV link. axe checks it
// at a phone's and a desk's width.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const HOUR = 3_600_000;

describe.skipIf(!hasChromium)('the performance page', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  beforeEach(async () => {
    const db = server.database.db;
    await db.deleteFrom('reports').execute();
    const now = Date.now();
    // Three reports in the last 30 days: two cleaned (4 and 30 hours after), one still open.
    const rows = [
      { reportedAt: now - 10 * 24 * HOUR, cleanedAfter: 4, offensive: true },
      { reportedAt: now - 5 * 24 * HOUR, cleanedAfter: 30, offensive: false },
      { reportedAt: now - 2 * HOUR, cleanedAfter: null, offensive: false },
    ];
    let n = 0;
    for (const row of rows) {
      n += 1;
      const reportedAt = new Date(row.reportedAt).toISOString();
      const completedAt =
        row.cleanedAfter === null ? null : new Date(row.reportedAt + row.cleanedAfter * HOUR).toISOString();
      await db
        .insertInto('reports')
        .values({
          what3words: `word.place.n${n}`,
          description: null,
          photo_key: `k${n}`,
          status: completedAt ? 'completed' : 'reported',
          reported_at: reportedAt,
          completed_at: completedAt,
          updated_at: completedAt ?? reportedAt,
          words_scheme: 'grid',
          priority: row.offensive ? 1 : 0,
          due_at: new Date(row.reportedAt + (row.offensive ? 24 : 120) * HOUR).toISOString(),
        })
        .execute();
    }
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`is linked from About and shows the figures in a table (${name})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${server.url}/about`);
      await page.getByRole('link', { name: 'how we are doing' }).click();
      await page.getByRole('heading', { level: 1, name: 'How we are doing' }).waitFor();
      const last30 = page.getByRole('region', { name: 'Last 30 days' });
      await last30.getByText('Median time to clean').waitFor();
      await expect.poll(() => last30.locator('dd').allTextContents()).toEqual(['3', '2', '17 h', '100%', '100%']);
      const table = page.getByRole('table', { name: /Figures by month/ });
      await expect.poll(() => table.getByRole('row').count()).toBe(13);
      const open = page.getByRole('table').last();
      await expect.poll(() => open.getByRole('row', { name: /Under 1 day ago/ }).textContent()).toMatch(/1$/);
      await expect
        .poll(() => page.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href'))
        .toBe('/api/performance/export');
      await expectNoAxeViolations(page);
      await screenshot(page, `performance-${name}`);
      await context.close();
    });
  }
});
