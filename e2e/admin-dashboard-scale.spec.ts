// The management dashboard with a city's worth of reports (5,000 seeded): the first cards come from
// one server page, filters, sorts, search and paging ask the server again, an inline edit types
// normally, several cards change status at once, and a report arriving during the 5 s refresh
// appears without taking the administrator's focus away. Screenshots at 390 and 1280 px.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { seedReports } from '../scripts/seed-reports.ts';
import {
  DESKTOP,
  PHONE,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  newAdminPage,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const SEEDED = 5_000;

describe.skipIf(!hasChromium)('the management dashboard with 5,000 reports', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  beforeAll(async () => {
    const db = server.database.db;
    await db.deleteFrom('reports').execute();
    await seedReports(db, localPhotoStorage(path.join(server.dataDir, 'photos')), SEEDED, {
      now: new Date('2026-11-20T12:00:00.000Z'),
    });
  });

  const adminPage = (viewport = DESKTOP) => newAdminPage(browser, server, viewport);

  const summary = (page: Page) => page.getByText(/^Showing \d/);
  const titles = (page: Page) => page.getByRole('article').locator('h3').allTextContents();

  async function total(status?: 'reported' | 'cleaning' | 'completed') {
    let query = server.database.db.selectFrom('reports').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (status) query = query.where('status', '=', status);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  it('shows the first 50 cards of 5,000, and filters, sorts, searches and pages on the server', async () => {
    const { context, page } = await adminPage(DESKTOP);
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('heading', { name: 'Report #1', exact: true }).waitFor();
    await summary(page)
      .filter({ hasText: `Showing 1-50 of ${(await total()).toLocaleString('en-GB')}` })
      .waitFor();
    // Only one page of cards is ever in the document.
    await expect.poll(() => page.getByRole('article').count()).toBe(50);
    await expect.poll(() => page.locator('article[data-duplicate]').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-reports-5000-desktop', { fullPage: false });
    await expectNoAxeViolations(page);

    const completed = await total('completed');
    await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Completed' }).click();
    await summary(page)
      .filter({ hasText: `of ${completed.toLocaleString('en-GB')}` })
      .waitFor();
    await expect
      .poll(async () => (await page.getByRole('article').first().innerText()).includes('Status:\nCompleted'))
      .toBe(true);

    await page.getByRole('button', { name: 'Cleaned: oldest' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Cleaned: oldest' }).getAttribute('aria-pressed'))
      .toBe('true');
    // Paged from the keyboard: a new page's first card is held at the top of the window for a moment,
    // which a pointer's scroll to the button would fight.
    await page.getByRole('button', { name: 'Next 50' }).focus();
    await page.keyboard.press('Enter');
    await summary(page)
      .filter({ hasText: `Showing 51-100 of ${completed.toLocaleString('en-GB')}` })
      .waitFor();
    await expect.poll(async () => (await titles(page))[0]).toBe('Report #51');
    await page.getByRole('button', { name: 'Previous 50' }).focus();
    await page.keyboard.press('Enter');
    await summary(page).filter({ hasText: 'Showing 1-50' }).waitFor();

    await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'All' }).click();
    const search = page.getByRole('search', { name: 'Search reports' });
    await search.getByLabel('Search').fill('railway bridge');
    await search.getByRole('button', { name: 'Search' }).click();
    const matching = await server.database.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('description', '=', 'Large piece on the railway bridge')
      .executeTakeFirstOrThrow();
    await summary(page)
      .filter({ hasText: `of ${Number(matching.n).toLocaleString('en-GB')}` })
      .waitFor();
    await page.getByRole('article').first().getByText('Large piece on the railway bridge').waitFor();
    await context.close();
  });

  it('an inline edit types normally; two cards change status at once; a new report appears without moving focus', async () => {
    const { context, page } = await adminPage(DESKTOP);
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('heading', { name: 'Report #1', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Report #2', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit Report #2', exact: true });
    const description = form.getByLabel('Description (optional)');
    await description.fill('');
    await description.pressSequentially('Typed one key at a time', { delay: 0 });
    await expect.poll(() => description.inputValue()).toBe('Typed one key at a time');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('article').nth(1).getByText('Typed one key at a time').waitFor();

    // Several at once.
    await page.getByRole('checkbox', { name: 'Select Report #1', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Select Report #3', exact: true }).check();
    const bar = page.getByRole('group', { name: 'Set the status of the selected reports' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Set all to Cleaning' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('2 reports: Currently being cleaned')
      .waitFor();
    await expect.poll(() => page.getByRole('article').nth(2).innerText()).toMatch(/Status:\s*Currently being cleaned/);
    await expect.poll(() => bar.count()).toBe(0);

    // Focus on a card's button; a report arrives; the next refresh shows it on top, and focus stays.
    const editThird = page.getByRole('button', { name: 'Edit Report #3', exact: true });
    await editThird.focus();
    const focused = await editThird.elementHandle();
    const before = await total();
    await server.database.db
      .insertInto('reports')
      .values({
        what3words: 'arrived.during.refresh',
        description: 'Fresh tag',
        photo_key: 'none',
        status: 'reported',
        reported_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        words_scheme: 'grid',
      })
      .execute();
    await summary(page)
      .filter({ hasText: `of ${(before + 1).toLocaleString('en-GB')}` })
      .waitFor();
    await page.getByRole('article').first().getByText('arrived.during.refresh', { exact: true }).waitFor();
    // The same button, now on Report #4, still holds the focus.
    await expectFocused(page.getByRole('button', { name: 'Edit Report #4', exact: true }));
    await expect.poll(() => focused!.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('is usable on a phone-width screen', async () => {
    const { context, page } = await adminPage(PHONE);
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('heading', { name: 'Report #1', exact: true }).waitFor();
    await summary(page).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'admin-reports-5000-phone', { fullPage: false });
    await page.getByRole('button', { name: 'Next 50' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-reports-5000-phone-pager', { fullPage: false });
    await expectNoAxeViolations(page);
    await context.close();
  });
});
