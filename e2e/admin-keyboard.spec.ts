// An administrator at the keyboard and on a phone: every management dialog hands focus back to the
// control that opened it, Escape in an inline MUCU edit cancels only the edit, a lapsed administrator
// session (or a volunteer without the code) lands on the Administrator tab with the reason, the
// analytics read as cards on a phone and as tables on a desk, and the admin pages line up with the
// site's header and footer. axe checks the dashboard and every dialog at 390 and 1280 px.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import {
  DESKTOP,
  E2E_ADMIN_PASSCODE,
  animationsFinished,
  PHONE,
  expectFocused,
  expectFocusWithin,
  expectNoAxeViolations,
  hasChromium,
  newAdminPage,
  newPage,
  screenshot,
  toasts,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';
import path from 'node:path';

const SESSION_ENDED = 'Your administrator session has ended. Enter the access code to sign in again.';
const CODE_NEEDED = 'The Administrator Dashboard needs the administrator access code. Enter it to continue.';

describe.skipIf(!hasChromium)('the administrator screens at the keyboard and on a phone', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  beforeEach(async () => {
    const db = server.database.db;
    await db.deleteFrom('reports').execute();
    await db.deleteFrom('mucu_events').execute();
    await db.deleteFrom('volunteers').execute();
    await db.deleteFrom('sessions').execute();
  });

  async function seedReport(what3words: string, reportedAt: string) {
    const storage = localPhotoStorage(path.join(server.dataDir, 'photos'));
    const photoKey = await storePhoto(storage, await processPhoto(await plainJpeg(320, 240)));
    return server.database.db
      .insertInto('reports')
      .values({
        what3words,
        description: null,
        photo_key: photoKey,
        status: 'reported',
        reported_at: reportedAt,
        completed_at: null,
        updated_at: reportedAt,
        latitude: 55.9533,
        longitude: -3.1883,
        location_source: 'device',
        words_scheme: 'grid',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function seedEvent(location: string) {
    return server.database.db
      .insertInto('mucu_events')
      .values({
        name: `${location} MUCU`,
        location,
        date: '2026-12-05T10:00:00.000Z',
        description: null,
        maps_link: null,
        created_at: '2026-11-01T10:00:00.000Z',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const adminPage = (viewport = DESKTOP) => newAdminPage(browser, server, viewport);

  /**
   * Opens a dialog from the keyboard (Enter on its control), checks it with axe and photographs it,
   * closes it with Escape, and expects focus back on the control.
   */
  async function roundTrip(page: Page, opener: Locator, dialog: Locator, shot: string) {
    await opener.focus();
    await page.keyboard.press('Enter');
    await expectFocusWithin(dialog);
    await expectNoAxeViolations(page);
    await screenshot(page, shot, { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(opener);
  }

  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`at ${width} px the report cards' dialogs return focus to the control that opened them`, async () => {
      await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z');
      await seedReport('bleak.exhaust.jewel', '2026-11-02T10:00:00.000Z');
      const { context, page } = await adminPage(viewport);
      await page.goto(`${server.url}/volunteer-portal`);
      await page.getByRole('article').first().waitFor();
      await expectNoAxeViolations(page);

      await roundTrip(
        page,
        page.getByRole('button', { name: 'View photo of Report #1' }),
        page.getByRole('dialog', { name: 'Photo Preview' }),
        `admin-photo-preview-${width}`,
      );
      await roundTrip(
        page,
        page.getByRole('button', { name: 'Add photo to Report #1' }),
        page.getByRole('dialog', { name: 'Add Photo' }),
        `admin-add-photo-${width}`,
      );
      await roundTrip(
        page,
        page.getByRole('button', { name: 'Delete Report #1' }),
        page.getByRole('alertdialog', { name: 'Delete Report #1?' }),
        `admin-delete-report-${width}`,
      );
      // Closed by its own buttons rather than Escape, focus comes back all the same.
      const addPhoto = page.getByRole('button', { name: 'Add photo to Report #2' });
      await addPhoto.focus();
      await page.keyboard.press('Enter');
      const photoDialog = page.getByRole('dialog', { name: 'Add Photo' });
      await photoDialog.getByRole('button', { name: 'Cancel' }).focus();
      await page.keyboard.press('Enter');
      await photoDialog.waitFor({ state: 'detached' });
      await expectFocused(addPhoto);
      const preview = page.getByRole('button', { name: 'View photo of Report #2' });
      await preview.focus();
      await page.keyboard.press('Enter');
      const previewDialog = page.getByRole('dialog', { name: 'Photo Preview' });
      await previewDialog.getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Enter');
      await previewDialog.waitFor({ state: 'detached' });
      await expectFocused(preview);

      // A deleted report takes its Delete button with it: focus goes to the report now in its place,
      // not back to the top of the page.
      await page.getByRole('button', { name: 'Delete Report #1' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Delete Report #1?' });
      await confirm.getByRole('button', { name: 'Delete Report' }).focus();
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
      await expect
        .poll(() => page.getByRole('article').evaluate((card) => card.contains(document.activeElement)))
        .toBe(true);

      await context.close();
    });

    it(`at ${width} px the MUCU and manual-report dialogs return focus to the control that opened them`, async () => {
      await seedEvent('Leith Walk');
      const { context, page } = await adminPage(viewport);
      await page.goto(`${server.url}/volunteer-portal`);
      await page.getByText('No Reports Found', { exact: true }).waitFor();

      await roundTrip(
        page,
        page.getByRole('button', { name: 'Add Manual Report' }),
        page.getByRole('dialog', { name: 'Add Manual Report' }),
        `admin-manual-report-${width}`,
      );
      // On a phone the MUCU event buttons are behind 'More'; on a desk, behind their own disclosure.
      if (width === '390') await page.getByRole('button', { name: 'More options' }).click();
      await page.getByRole('button', { name: 'MUCU events' }).click();
      const toolbar = page.getByRole('group', { name: 'MUCU events' });
      await roundTrip(
        page,
        toolbar.getByRole('button', { name: 'Add MUCU Event' }),
        page.getByRole('dialog', { name: 'Add Meet Up Clean Up Event' }),
        `admin-add-event-${width}`,
      );
      await roundTrip(
        page,
        toolbar.getByRole('button', { name: 'Add MUCU Attendance' }),
        page.getByRole('dialog', { name: 'Add MUCU Attendance' }),
        `admin-add-attendance-${width}`,
      );
      const manage = page.getByRole('dialog', { name: 'Manage MUCU Events' });
      const manageButton = toolbar.getByRole('button', { name: 'Manage MUCU Events' });
      await manageButton.focus();
      await page.keyboard.press('Enter');
      await manage.getByRole('heading', { name: 'Leith Walk MUCU' }).waitFor();
      await expectFocusWithin(manage);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-manage-events-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await manage.waitFor({ state: 'detached' });
      await expectFocused(manageButton);

      // The Volunteer Analytics tab's Admin Controls.
      await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
      await roundTrip(
        page,
        page.getByRole('button', { name: 'Add MUCU event' }),
        page.getByRole('dialog', { name: 'Add Meet Up Clean Up Event' }),
        `admin-analytics-add-event-${width}`,
      );
      const manageMucus = page.getByRole('button', { name: 'Manage MUCUs' });
      await manageMucus.focus();
      await page.keyboard.press('Enter');
      await manage.getByRole('heading', { name: 'Leith Walk MUCU' }).waitFor();
      await expectFocusWithin(manage);
      await page.keyboard.press('Escape');
      await manage.waitFor({ state: 'detached' });
      await expectFocused(manageMucus);
      await context.close();
    });
  }

  it('in Manage MUCU Events, nested dialogs return focus inside it and Escape cancels an inline edit only', async () => {
    const event = await seedEvent('Leith Walk');
    await seedEvent('The Meadows');
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    const manageMucus = page.getByRole('button', { name: 'Manage MUCUs' });
    await manageMucus.focus();
    await page.keyboard.press('Enter');
    const manage = page.getByRole('dialog', { name: 'Manage MUCU Events' });
    await manage.getByRole('heading', { name: 'Leith Walk MUCU' }).waitFor();
    await expectFocusWithin(manage);

    const addAttendance = manage.getByRole('button', { name: 'Add attendance to Leith Walk MUCU' });
    await addAttendance.focus();
    await page.keyboard.press('Enter');
    const attend = page.getByRole('dialog', { name: 'Add MUCU Attendance' });
    await expectFocusWithin(attend);
    await page.keyboard.press('Escape');
    await attend.waitFor({ state: 'detached' });
    await expectFocused(addAttendance);
    await manage.waitFor();

    const deleteEvent = manage.getByRole('button', { name: 'Delete Leith Walk MUCU' });
    await deleteEvent.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Leith Walk MUCU?' });
    await expectFocusWithin(confirm);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expectFocused(deleteEvent);

    // Escape in the inline edit: the edit is dropped, the dialog stays, focus is back on Edit.
    const edit = manage.getByRole('button', { name: 'Edit Leith Walk MUCU' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const form = manage.getByRole('form', { name: 'Edit Leith Walk MUCU' });
    await form.getByLabel('Location').fill('Somewhere else');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await manage.waitFor();
    await expectFocused(edit);
    const stored = await server.database.db
      .selectFrom('mucu_events')
      .select('location')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(stored.location).toBe('Leith Walk');

    // A deleted event takes its Delete button with it; focus stays in the dialog, on the next event.
    await deleteEvent.focus();
    await page.keyboard.press('Enter');
    await expectFocusWithin(confirm);
    await confirm.getByRole('button', { name: 'Delete MUCU' }).focus();
    await page.keyboard.press('Enter');
    await manage.getByRole('heading', { name: 'Leith Walk MUCU' }).waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        manage
          .getByRole('article', { name: 'The Meadows MUCU' })
          .evaluate((card) => card.contains(document.activeElement)),
      )
      .toBe(true);

    // Escape first closes the 'MUCU deleted' toast (the newest layer), then the dialog, with no edit
    // open, and focus is back on the button that opened it.
    const deleted = page
      .getByRole('region', { name: /Notifications/, includeHidden: true })
      .getByText('MUCU deleted', { exact: true });
    await deleted.waitFor();
    await animationsFinished(page); // the toast has slid in and listens for Escape
    await page.keyboard.press('Escape');
    await deleted.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await manage.waitFor({ state: 'detached' });
    await expectFocused(manageMucus);
    await context.close();
  });

  it('a lapsed administrator session is named as such and leads to the Administrator tab, not to a volunteer sign-in', async () => {
    await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z');
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('article').first().waitFor();

    // The session lapses on the server (30 minutes idle), then the administrator changes a status.
    await server.database.db.deleteFrom('sessions').where('kind', '=', 'admin').execute();
    await page
      .getByRole('group', { name: 'Set the status of Report #1' })
      .getByRole('button', { name: 'Cleaning' })
      .click();
    await page.waitForURL(`${server.url}/volunteer-signin`);
    await page.getByText(SESSION_ENDED, { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Administrator' }).getAttribute('aria-selected'))
      .toBe('true');
    const code = page.getByLabel('Access Code');
    await expectFocused(code);
    await expect.poll(() => code.getAttribute('aria-describedby')).toBeTruthy();
    await expect.poll(() => page.getByRole('article').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('adminAccess'))).toBeNull();
    // Not the volunteer wording, nor the failed status change, in a toast or anywhere else.
    await expect.poll(() => page.getByText('Please sign in as a volunteer to continue.').count()).toBe(0);
    await expect.poll(() => page.getByText('Error updating status').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-session-ended-1280', { fullPage: false });

    // The code again, and the dashboard is back.
    await code.fill(E2E_ADMIN_PASSCODE);
    await page.getByRole('button', { name: 'Administrator Access' }).click();
    await page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' }).waitFor();

    // The same through an administrator call: the analytics refresh answers 401.
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await page.getByRole('region', { name: 'Totals' }).waitFor();
    await server.database.db.deleteFrom('sessions').where('kind', '=', 'admin').execute();
    // Refresh asks at once; another of the tab's calls may meet the lapsed session first, with the same end.
    const ended = page.getByText(SESSION_ENDED, { exact: true });
    await Promise.race([
      page
        .getByRole('button', { name: 'Refresh', exact: true })
        .click()
        .catch(() => undefined),
      ended.waitFor(),
    ]);
    await ended.waitFor();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Administrator' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect.poll(() => page.getByText('Error Loading Analytics').count()).toBe(0);
    await context.close();
  });

  it('a signed-in volunteer who opens the Administrator Dashboard is told it needs the administrator access code', async () => {
    const { cookies } = await volunteerSession(server.database, 'ailsa@example.org');
    const { context, page } = await newPage(browser, PHONE);
    await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url })));
    await page.goto(`${server.url}/volunteer-portal`);
    await page.waitForURL(`${server.url}/volunteer-signin`);
    await page.getByText(CODE_NEEDED, { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Administrator' }).getAttribute('aria-selected'))
      .toBe('true');
    await expectFocused(page.getByLabel('Access Code'));
    // Still told who they are signed in as.
    await page.getByRole('status').filter({ hasText: 'You are signed in as' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-code-needed-390', { fullPage: false });

    // Opening the sign-in page by itself says nothing of the sort and starts on the Volunteer tab.
    await page.goto(`${server.url}/`);
    await page.goto(`${server.url}/volunteer-signin`);
    await page.getByRole('tab', { name: 'Volunteer' }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Volunteer' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByText(CODE_NEEDED).count()).toBe(0);
    await context.close();
  });

  it('after a wrong code and then the right one, the Access Denied toast does not follow onto the dashboard', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/volunteer-signin`);
    await page.getByRole('tab', { name: 'Administrator' }).click();
    const code = page.getByLabel('Access Code');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Administrator Access' }).click();
    await toasts(page).getByText('Access Denied', { exact: true }).waitFor();
    await code.fill(E2E_ADMIN_PASSCODE);
    await page.getByRole('button', { name: 'Administrator Access' }).click();
    await page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' }).waitFor();
    // The toast would last 5 s; signing in closes it at once, so it is no longer open when the dashboard shows.
    await expect.poll(() => toasts(page).locator('[data-state="open"]').count()).toBe(0);
    await expect.poll(() => page.getByText('Access Denied').count()).toBe(0);
    await context.close();
  });

  it('on a phone the analytics read as labelled cards; on a desk they are tables', async () => {
    const db = server.database.db;
    const now = Date.now();
    const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();
    const long = 'margaret.fitzgerald-macdonald@leith-community-garden.example.org';
    await db
      .insertInto('volunteers')
      .values({ email: long, name: 'Margaret Fitzgerald-MacDonald', joined_at: daysAgo(20), last_active_at: null })
      .execute();
    await db
      .insertInto('volunteers')
      .values({ email: 'hamish@example.org', name: null, joined_at: daysAgo(3), last_active_at: daysAgo(1) })
      .execute();
    await seedReport('rally.census.refuse', daysAgo(2));

    const { context, page } = await adminPage(PHONE);
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    const details = page.getByRole('region', { name: 'Volunteer Details' });
    const margaret = details.getByRole('listitem').filter({ hasText: 'Margaret Fitzgerald-MacDonald' });
    await margaret.waitFor();
    await screenshot(page, 'admin-analytics-390');
    await expect.poll(() => details.getByRole('table').count()).toBe(0);
    // Each fact is named beside its value, and nothing hides behind a sideways scroll.
    await expect
      .poll(() => margaret.innerText())
      .toMatch(
        /Email\s+margaret\.fitzgerald-macdonald@leith-community-garden\.example\.org\s+Sites Cleaned\s+0\s+Hours Worked\s+0h 0m\s+Joined\s+\d\d\/\d\d\/\d{4}\s+Last Active\s+Never/,
      );
    // E-mails run the card's full width: a usual one on one line, even a 64-character one in three.
    const lines = (text: string) =>
      details
        .getByText(text, { exact: true })
        .evaluate((element) =>
          Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
        );
    await expect.poll(() => lines('hamish@example.org')).toBe(1);
    await expect.poll(() => lines(long)).toBeLessThanOrEqual(3);
    const progress = page.getByRole('region', { name: 'Daily Progress Tracking' });
    await progress.getByText('Showing last 30 days. Export CSV for complete data.', { exact: true }).waitFor();
    const days = progress.getByRole('listitem');
    await expect.poll(() => days.count()).toBe(3);
    await expect
      .poll(() => days.nth(2).innerText())
      .toMatch(/^\d\d\/\d\d\/\d{4}\s+Sites Reported\s+1\s+Sites Cleaned\s+0\s+Clean-ups With Photos\s+0\s+0%$/);
    const sideways = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(sideways).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    await page.setViewportSize(DESKTOP);
    const table = details.getByRole('table');
    await table.waitFor();
    await expect
      .poll(() => table.getByRole('columnheader').allInnerTexts())
      .toEqual(['Volunteer', 'Email', 'Sites Cleaned', 'Hours Worked', 'Joined', 'Last Active']);
    await expect
      .poll(() => progress.getByRole('table').getByRole('columnheader').allInnerTexts())
      .toEqual(['Date', 'Sites Reported', 'Sites Cleaned', 'Clean-ups With Photos', 'Progress']);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-analytics-1280');

    await db.deleteFrom('volunteers').execute();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await details.getByText('No volunteers found', { exact: true }).waitFor();
    await context.close();
  });

  it('on a desk the admin pages line up with the site header and footer', async () => {
    const { context, page } = await adminPage(DESKTOP);
    for (const [route, title] of [
      ['/volunteer-portal', 'Administrator Dashboard'],
      ['/volunteer-dashboard', 'Report Management'],
    ] as const) {
      await page.goto(`${server.url}${route}`);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await heading.waitFor();
      // How far each edge sits from the one it lines up with, read until the layout has settled.
      const misalignment = async () => {
        const siteName = await page.getByRole('banner').getByRole('link', { name: 'Clean Up Edinburgh' }).boundingBox();
        const siteMenu = await page.getByRole('banner').getByRole('button').last().boundingBox();
        const adminMenu = await page.getByRole('button', { name: 'Admin menu' }).boundingBox();
        const footerText = await page
          .getByRole('contentinfo')
          .getByText(/^Clean Up Edinburgh:/)
          .boundingBox();
        const h1 = await heading.boundingBox();
        return {
          heading: Math.round(h1!.x) - Math.round(siteName!.x),
          footer: Math.round(footerText!.x) - Math.round(siteName!.x),
          adminMenu: Math.round(adminMenu!.x + adminMenu!.width) - Math.round(siteMenu!.x + siteMenu!.width),
        };
      };
      await expect.poll(misalignment).toEqual({ heading: 0, footer: 0, adminMenu: 0 });
      await screenshot(page, `admin-page-${route.slice(1)}-1280`, { fullPage: false });
      await page.setViewportSize(PHONE);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `admin-page-${route.slice(1)}-390`, { fullPage: false });
      await page.setViewportSize(DESKTOP);
    }
    await context.close();
  });
});
