// A new coordinator on the management dashboard with a city's list of 100,000 reports, at a desk
// (1280 x 800) and on a phone (390 x 844): the first card shows on the first screen; each card names
// the reference the reporter was given, which the search finds and the photo preview, the delete
// warning and the CSV carry; the keyboard focus stays on the card being worked on through status
// buttons, inline edits and paging; paging shows the first new card; 'Go to Report #' reaches a report
// far down the list; the priority mark reads as an action; a toast never hides the buttons just used.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { seedReports } from '../scripts/seed-reports.ts';
import {
  PHONE,
  animationsFinished,
  expectFocused,
  expectFocusWithin,
  expectNoAxeViolations,
  hasChromium,
  newAdminPage,
  screenshot,
  toasts,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const SEEDED = 100_000;
/** A desk's screen as the coordinators have it: a 1280 x 800 laptop. */
const DESK = { width: 1280, height: 800 };

describe.skipIf(!hasChromium)('the management dashboard with 100,000 reports', () => {
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

  const adminPage = (viewport = DESK) => newAdminPage(browser, server, viewport);
  const cards = (page: Page) => page.getByRole('article');
  const card = (page: Page, n: number) => page.getByRole('article', { name: `Report #${n}`, exact: true });
  const summary = (page: Page) => page.getByText(/^Showing \d/);

  /** The ids of the reports in the list's order with no filter and no sort: newest reported first. */
  async function newestIds(count: number, status?: 'reported' | 'cleaning' | 'completed'): Promise<number[]> {
    let query = server.database.db.selectFrom('reports').select('id');
    if (status) query = query.where('status', '=', status);
    const rows = await query.orderBy('reported_at', 'desc').orderBy('id', 'desc').limit(count).execute();
    return rows.map((row) => row.id);
  }

  async function open(page: Page, route = '/volunteer-portal') {
    await page.goto(`${server.url}${route}`);
    await card(page, 1).waitFor();
    await summary(page).waitFor();
  }

  /** Whether the element holds the keyboard focus itself. */
  const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESK],
  ] as const) {
    it(`at ${width} px the first card's report and status show on the first screen of both admin pages, and every control is still there by name`, async () => {
      const { context, page } = await adminPage(viewport);
      // On a desk the whole card; on a phone its photo, title, facts and status buttons (its row of
      // follow-up controls wraps onto a second line there, and its edit actions may need a scroll).
      const onFirstScreen = async (part: Locator) => {
        const box = await part.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
      };
      const firstCardWhole = async () => {
        const card = cards(page).first();
        if (width === '1280') return onFirstScreen(card);
        return (
          (await onFirstScreen(card.getByRole('heading', { level: 3 }))) &&
          (await onFirstScreen(card.getByRole('button', { name: /^View photo of/ }))) &&
          (await onFirstScreen(card.getByRole('group', { name: /^Set the status of/ })))
        );
      };
      // The same list on a page of its own, at /volunteer-dashboard.
      await open(page, '/volunteer-dashboard');
      await expect.poll(firstCardWhole).toBe(true);
      await screenshot(page, `admin-reports-100000-management-page-${width}`, { fullPage: false });
      await expectNoAxeViolations(page);
      await open(page);
      await expect.poll(firstCardWhole).toBe(true);
      await screenshot(page, `admin-reports-100000-first-screen-${width}`, { fullPage: false });
      await expectNoAxeViolations(page);

      // The status filters, the sorts, the search and the MUCU event buttons keep their names; on a
      // phone the sorts, the other filters and the event buttons are one press away.
      const filters = page.getByRole('group', { name: 'Filter by status' });
      await expect
        .poll(() => filters.getByRole('button').allTextContents())
        .toEqual(['Reported', 'Cleaning', 'Completed', 'All']);
      const more = page.getByRole('button', { name: 'More options' });
      if (width === '390') {
        await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
        await more.click();
      } else {
        await expect.poll(() => more.isVisible()).toBe(false);
      }
      const sorts = page.getByRole('group', { name: 'Sort' });
      await expect
        .poll(() => sorts.getByRole('button').allTextContents())
        .toEqual([
          'Reported: newest',
          'Reported: oldest',
          'Cleaned: newest',
          'Cleaned: oldest',
          'Due: soonest',
          'Priority first',
        ]);
      await page.getByRole('button', { name: 'MUCU events' }).click();
      await expect
        .poll(() => page.getByRole('group', { name: 'MUCU events' }).getByRole('button').allTextContents())
        .toEqual(['Add MUCU Event', 'Manage MUCU Events', 'Add MUCU Attendance']);
      await page.getByRole('button', { name: 'More filters' }).click();
      await page.getByLabel('Reported from').waitFor();
      await page.getByRole('search', { name: 'Search reports' }).getByLabel('Search').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-reports-100000-options-${width}`, { fullPage: false });
      // Every one of them is reached with Tab, in the order they are shown.
      const reached = new Set<string>();
      await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Reported' }).focus();
      for (let i = 0; i < 45; i++) {
        reached.add(
          await page.evaluate(() => {
            const focused = document.activeElement as HTMLInputElement | null;
            return (focused?.labels?.[0] ?? focused)?.textContent?.trim() ?? '';
          }),
        );
        await page.keyboard.press('Tab');
      }
      for (const name of ['All', 'Search', 'Cleaned: oldest', 'Priority first', 'Add MUCU Attendance', 'Priority only'])
        expect(reached, name).toContain(name);
      await context.close();
    });
  }

  it("each card names the reference the reporter was given; '#n' and 'n' find it; the preview, the delete warning and the CSV name it too", async () => {
    const { context, page } = await adminPage(PHONE);
    await open(page);
    const [newest] = await newestIds(1);
    await card(page, 1).getByText(`Reference #${newest}`, { exact: true }).waitFor();

    // A report far down the list, by the number on the reporter's receipt.
    const wanted = 50_000;
    const search = page.getByRole('search', { name: 'Search reports' });
    for (const typed of [`#${wanted}`, String(wanted)]) {
      await search.getByLabel('Search').fill(typed);
      await search.getByRole('button', { name: 'Search' }).click();
      await summary(page).filter({ hasText: 'Showing 1-1 of 1' }).waitFor();
      await card(page, 1).getByText(`Reference #${wanted}`, { exact: true }).waitFor();
    }
    await screenshot(page, 'admin-reports-100000-found-by-reference-390', { fullPage: false });

    await card(page, 1).getByRole('button', { name: 'View photo of Report #1' }).click();
    const preview = page.getByRole('dialog', { name: 'Photo Preview' });
    await preview.getByText(new RegExp(`reference #${wanted}\\b`, 'i')).waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await card(page, 1).getByRole('button', { name: 'Delete Report #1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Report #1?' });
    await confirm.getByText(new RegExp(`reference #${wanted}\\b`, 'i')).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-reports-100000-delete-390', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    const href = await page.getByRole('link', { name: /Export these reports/ }).getAttribute('href');
    const csv = await context.request.get(`${server.url}${href}`);
    expect(csv.status()).toBe(200);
    const [header, row] = (await csv.text()).trimEnd().split('\r\n');
    expect(header!.split(',').slice(0, 2)).toEqual(['Position', 'Report id']);
    expect(row!.split(',').slice(0, 2)).toEqual(['1', String(wanted)]);
    await context.close();
  });

  it('focus stays with the card being worked on: status buttons, Edit, Save, Cancel and Escape', async () => {
    const { context, page } = await adminPage(DESK);
    await open(page);
    const [first, second, third] = await newestIds(3);

    // A status button that leaves the card where it was keeps the focus.
    const cleaning = card(page, 1)
      .getByRole('group', { name: 'Set the status of Report #1' })
      .getByRole('button', { name: 'Cleaning' });
    await cleaning.focus();
    await page.keyboard.press('Enter');
    await toasts(page).getByText(`Report #1 (reference #${first}): Currently being cleaned`).waitFor();
    await expect.poll(() => cleaning.getAttribute('aria-pressed')).toBe('true');
    await expectFocused(cleaning);

    // Edit puts the focus in the first field; Escape drops the edit and gives the focus back to Edit.
    const edit = page.getByRole('button', { name: 'Edit Report #2', exact: true });
    await edit.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit Report #2', exact: true });
    const words = form.getByLabel('Three-word location');
    await expectFocused(words);
    await page.keyboard.type('x');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await expectFocused(edit);
    const unchanged = await server.database.db
      .selectFrom('reports')
      .select('what3words')
      .where('id', '=', second!)
      .executeTakeFirstOrThrow();
    await card(page, 2).getByText(unchanged.what3words, { exact: true }).waitFor();

    // Cancel gives the focus back to Edit; so does Save, once saved.
    await page.keyboard.press('Enter');
    await expectFocused(words);
    await form.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await expectFocused(edit);
    await page.keyboard.press('Enter');
    await expectFocused(words);
    const description = form.getByLabel('Description (optional)');
    await description.fill('Saved from the keyboard');
    await form.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await expectFocused(edit);
    await card(page, 2).getByText('Saved from the keyboard').waitFor();

    // A second Edit while the first has changes asks first, in the page's own dialog.
    await page.keyboard.press('Enter');
    await expectFocused(words);
    await page.keyboard.type(' changed');
    const editThird = page.getByRole('button', { name: 'Edit Report #3', exact: true });
    await editThird.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Discard the changes to Report #2?' });
    await expectFocusWithin(ask);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-reports-100000-discard-edit-1280', { fullPage: false });
    // Keep editing: back in the first form, with what was typed.
    await ask.getByRole('button', { name: 'Keep editing' }).focus();
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    await expectFocused(words);
    await expect.poll(() => words.inputValue()).toMatch(/ changed$/);
    // Discard: the second form opens, its first field focused, the first gone unsaved.
    await editThird.focus();
    await page.keyboard.press('Enter');
    await expectFocusWithin(ask);
    await ask.getByRole('button', { name: 'Discard changes' }).focus();
    await page.keyboard.press('Enter');
    await ask.waitFor({ state: 'detached' });
    await expectFocused(
      page.getByRole('form', { name: 'Edit Report #3', exact: true }).getByLabel('Three-word location'),
    );
    await expect.poll(() => page.getByRole('form', { name: /^Edit / }).count()).toBe(1);
    const kept = await server.database.db
      .selectFrom('reports')
      .select('what3words')
      .where('id', '=', second!)
      .executeTakeFirstOrThrow();
    expect(kept.what3words).toBe(unchanged.what3words);
    await page.keyboard.press('Escape');
    await expectFocused(editThird);

    // A status button that takes the card out of the filtered list: the focus goes to the card now in
    // its place, not to the top of the page.
    await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'Reported' }).click();
    const [topReported, nextReported] = await newestIds(2, 'reported');
    await card(page, 1).getByText(`Reference #${topReported}`, { exact: true }).waitFor();
    const completed = card(page, 1)
      .getByRole('group', { name: 'Set the status of Report #1' })
      .getByRole('button', { name: 'Completed' });
    await completed.focus();
    await page.keyboard.press('Enter');
    await card(page, 1).getByText(`Reference #${nextReported}`, { exact: true }).waitFor();
    await expect.poll(() => isFocused(card(page, 1))).toBe(true);
    expect(third).toBeGreaterThan(0);
    await context.close();
  });

  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESK],
  ] as const) {
    it(`at ${width} px Next and Previous show and focus the first card of the page; 'Go to Report #' jumps far down`, async () => {
      const { context, page } = await adminPage(viewport);
      await open(page);
      /** The card is focused, and its top is near the top of the window. */
      const shownAtTop = async (target: Locator) => {
        await expect.poll(() => isFocused(target)).toBe(true);
        await animationsFinished(page);
        await expect
          .poll(async () => {
            const box = await target.boundingBox();
            return box !== null && box.y >= 0 && box.y <= 120;
          })
          .toBe(true);
      };
      const next = page.getByRole('button', { name: 'Next 50' });
      await next.focus();
      await page.keyboard.press('Enter');
      await summary(page).filter({ hasText: 'Showing 51-100 of 100,000' }).waitFor();
      await shownAtTop(card(page, 51));
      await screenshot(page, `admin-reports-100000-next-page-${width}`, { fullPage: false });
      const previous = page.getByRole('button', { name: 'Previous 50' });
      await previous.focus();
      await page.keyboard.press('Enter');
      await summary(page).filter({ hasText: 'Showing 1-50 of 100,000' }).waitFor();
      await shownAtTop(card(page, 1));

      // Report #50,000 is one step away, not a thousand.
      const goTo = page.getByRole('form', { name: 'Go to a report' });
      await goTo.getByLabel('Go to Report #').fill('50000');
      await goTo.getByRole('button', { name: 'Go' }).click();
      await summary(page).filter({ hasText: 'Showing 50,000-50,049 of 100,000' }).waitFor();
      await shownAtTop(card(page, 50_000));
      const [atFiftyThousand] = (await newestIds(50_000)).slice(-1);
      await card(page, 50_000).getByText(`Reference #${atFiftyThousand}`, { exact: true }).waitFor();
      await screenshot(page, `admin-reports-100000-go-to-${width}`, { fullPage: false });
      // Paging goes on from there, both ways. Each press once the page it asked for is shown, as a person
      // reads it: while a page loads, its buttons wait (aria-disabled), so a press in between asks for nothing.
      // From the keyboard, as the first pages were: a new page's first card is held at the top of the
      // window for a moment, which a pointer's scroll to the button would fight.
      const press = async (name: string) => {
        const button = page.getByRole('button', { name });
        await expect.poll(() => button.getAttribute('aria-disabled')).not.toBe('true');
        await button.focus();
        await page.keyboard.press('Enter');
      };
      await card(page, 50_049).waitFor();
      await press('Next 50');
      await summary(page).filter({ hasText: 'Showing 50,050-50,099 of 100,000' }).waitFor();
      await shownAtTop(card(page, 50_050));
      await card(page, 50_099).waitFor();
      await press('Previous 50');
      await summary(page).filter({ hasText: 'Showing 50,000-50,049 of 100,000' }).waitFor();
      // The whole page drawn (its cards come in slices and push the buttons down), as a person would see it.
      await card(page, 50_049).waitFor();
      await press('Previous 50');
      await summary(page).filter({ hasText: 'Showing 49,950-49,999 of 100,000' }).waitFor();
      await shownAtTop(card(page, 49_950));
      // A place past the end says how far the list goes, and keeps the page shown.
      await goTo.getByLabel('Go to Report #').fill('100001');
      await goTo.getByRole('button', { name: 'Go' }).click();
      await goTo.getByText('Enter a number from 1 to 100,000.').waitFor();
      await expect.poll(() => goTo.getByLabel('Go to Report #').getAttribute('aria-invalid')).toBe('true');
      await summary(page).filter({ hasText: 'Showing 49,950-49,999 of 100,000' }).waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    });
  }

  it('the priority mark is set and cleared by a button that says what it does, and the focus stays on it', async () => {
    const { context, page } = await adminPage(PHONE);
    await open(page);
    const first = card(page, 1);
    const words = await server.database.db
      .selectFrom('reports')
      .select('what3words')
      .where('id', '=', (await newestIds(1))[0]!)
      .executeTakeFirstOrThrow();
    const mark = first.getByRole('button', { name: `Mark as priority for the report at ${words.what3words}` });
    await mark.focus();
    await page.keyboard.press('Enter');
    const clear = first.getByRole('button', { name: `Clear priority for the report at ${words.what3words}` });
    await clear.waitFor();
    await first.getByText('Priority', { exact: true }).waitFor();
    await expectFocused(clear);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-reports-100000-priority-390', { fullPage: false });
    await page.keyboard.press('Enter');
    await mark.waitFor();
    await expectFocused(mark);
    await expect.poll(() => first.getByText('Priority', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("on a phone a toast never covers the last card's buttons", async () => {
    const { context, page } = await adminPage(PHONE);
    await open(page);
    const last = card(page, 50);
    await last.waitFor();
    // The card's follow-up buttons, whose code loads once the screen is idle, drawn before the toast: a
    // row of them arriving after the page has made room for the toast would move the card under it.
    await last.getByRole('button', { name: /^Mark as priority for the report at / }).waitFor();
    // The last card's buttons at the foot of the window, as after scrolling down to them.
    const actions = last.getByRole('group', { name: 'Set the status of Report #50' });
    await actions.evaluate((element) => element.scrollIntoView({ block: 'end', behavior: 'instant' }));
    const button = actions.getByRole('button', { name: 'Cleaning' });
    await button.focus();
    await page.keyboard.press('Enter');
    const toast = toasts(page).getByText(/^Report #50 \(reference #\d+\): Currently being cleaned$/);
    await toast.waitFor();
    // Held open as a reader's pointer over it holds it: on a busy machine its five seconds could run out
    // before the check below has read the page.
    await toast.hover();
    // Read in one go while the toast is up: which of the card's buttons lie under an open toast.
    const covered = () =>
      last.evaluate((article) => {
        const open = [...document.querySelectorAll('.toast[data-state="open"]')].map((t) => t.getBoundingClientRect());
        const hidden = [...article.querySelectorAll('button')]
          .filter((button) => {
            const b = button.getBoundingClientRect();
            return open.some((t) => b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom);
          })
          .map((button) => button.getAttribute('aria-label') ?? button.textContent);
        // Where the card and the toast stand, printed beside a failure to tell what moved.
        const place = {
          scrollY: Math.round(window.scrollY),
          cardTop: Math.round(article.getBoundingClientRect().top),
          toastTop: open.map((t) => Math.round(t.top)),
          pageHeight: document.documentElement.scrollHeight,
          focused: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
        };
        return { toasts: open.length, hidden, place };
      });
    await animationsFinished(page);
    await expect.poll(covered).toMatchObject({ toasts: 1, hidden: [] });
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-reports-100000-toast-390', { fullPage: false });
    await context.close();
  });
});
