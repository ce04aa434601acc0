// An administrator at a desk: signs in with the access code (a wrong one first), reads the analytics,
// runs a Meet Up Clean Up event from creation to deletion, and manages reports on the management
// dashboard (filter, sort, inline edit, status, duplicates, photos, a missing photo, the MUCU toolbar),
// and a volunteer creates a MUCU event from their own dashboard. axe checks the dashboards and dialogs.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { gridWordsAt } from '#tests/places.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { photoNames, processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import {
  DESKTOP,
  E2E_ADMIN_PASSCODE,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  newAdminPage,
  newPage,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
  pickFiles,
} from './support/browser.ts';

describe.skipIf(!hasChromium)('the administrator dashboards', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  beforeEach(async () => {
    const db = server.database.db;
    await db.deleteFrom('reports').execute();
    await db.deleteFrom('mucu_events').execute();
    await db.deleteFrom('volunteers').execute();
  });

  const colours = ['#7a4a2a', '#335577', '#2a7a4a', '#777733', '#553377'];
  let colour = 0;

  async function photoKey(): Promise<string> {
    const storage = localPhotoStorage(path.join(server.dataDir, 'photos'));
    const { default: sharp } = await import('sharp');
    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: colours[colour++ % colours.length]! },
    })
      .jpeg()
      .toBuffer();
    return storePhoto(storage, await processPhoto(jpeg.length > 0 ? jpeg : await plainJpeg()));
  }

  async function seedReport(
    what3words: string,
    reportedAt: string,
    extra: {
      status?: 'reported' | 'cleaning' | 'completed';
      completedAt?: string;
      description?: string;
      priority?: boolean;
      placement?: {
        source: 'device' | 'photo' | 'words' | null;
        status: 'checked' | 'to-check' | 'not-found';
      };
    } = {},
  ) {
    const placed = extra.placement?.source !== null;
    return server.database.db
      .insertInto('reports')
      .values({
        what3words,
        description: extra.description ?? null,
        photo_key: await photoKey(),
        status: extra.status ?? 'reported',
        reported_at: reportedAt,
        completed_at: extra.completedAt ?? null,
        updated_at: reportedAt,
        latitude: placed ? 55.9533 : null,
        longitude: placed ? -3.1883 : null,
        location_source: extra.placement ? extra.placement.source : 'device',
        location_status: extra.placement?.status ?? 'checked',
        words_scheme: 'grid',
        priority: extra.priority ? 1 : 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const adminPage = (viewport = DESKTOP) => newAdminPage(browser, server, viewport);

  /**
   * Waits for a toast. While a modal dialog is open Radix hides the rest of the page (the toast area
   * too) from the accessibility tree; each toast is still announced through its own live region.
   */
  const toast = (page: Page, text: string) =>
    page
      .getByRole('region', { name: /Notifications/, includeHidden: true })
      .getByText(text, { exact: true })
      .waitFor();

  it('without an administrator session the dashboard sends the visitor to the sign-in page', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/volunteer-portal`);
    await page.waitForURL(`${server.url}/volunteer-signin`);
    // A stale flag without a session on the server proves nothing either.
    await page.evaluate(() => sessionStorage.setItem('adminAccess', 'true'));
    await page.goto(`${server.url}/volunteer-portal`);
    await page.waitForURL(`${server.url}/volunteer-signin`);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('adminAccess'))).toBeNull();
    await context.close();
  });

  it('a wrong access code is refused and cleared; the right one opens the Administrator Dashboard; Sign Out ends it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/volunteer-signin`);
    await page.getByRole('tab', { name: 'Administrator' }).click();
    const code = page.getByLabel('Access Code');
    await expect.poll(() => code.getAttribute('type')).toBe('password');
    await expect.poll(() => code.getAttribute('maxlength')).toBe('6');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Administrator Access' }).click();
    await toast(page, 'Access Denied');
    await toast(page, 'Incorrect passcode. Please try again.');
    await expect.poll(() => code.inputValue()).toBe('');
    await expectNoAxeViolations(page);

    await code.fill(E2E_ADMIN_PASSCODE);
    await page.getByRole('button', { name: 'Administrator Access' }).click();
    await page.waitForURL(`${server.url}/volunteer-portal`);
    await page.getByRole('heading', { level: 1, name: 'Administrator Dashboard' }).waitFor();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('adminAccess'))).toBe('true');

    await page.getByRole('button', { name: 'Admin menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Admin menu' });
    await menu.waitFor();
    await expect
      .poll(() => menu.getByRole('link').allTextContents())
      .toEqual(['Administrator Dashboard', 'Report Management', 'Report Graffiti', 'About', 'Find Graffiti Near Me']);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-menu-desktop', { fullPage: false });
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('adminAccess'))).toBeNull();
    // The session ends on the server, whichever finishes first: the sign-out request or the navigation.
    await expect.poll(async () => (await context.request.get(`${server.url}/api/admin/me`)).status()).toBe(401);
    await context.close();
  });

  it('analytics show the seeded volunteers, daily progress and the CSV export', async () => {
    const db = server.database.db;
    const now = Date.now();
    const daysAgo = (n: number, hour = 12) =>
      new Date(now - n * 86_400_000).toISOString().slice(0, 10) + `T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const morag = await db
      .insertInto('volunteers')
      .values({ email: 'morag@example.org', name: 'Morag Stewart', joined_at: daysAgo(20), last_active_at: daysAgo(1) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('volunteers')
      .values({ email: 'newbie@example.org', name: null, joined_at: daysAgo(3), last_active_at: null })
      .execute();
    const r1 = await seedReport('rally.census.refuse', daysAgo(2, 9));
    const r2 = await seedReport('bleak.exhaust.jewel', daysAgo(2, 10));
    // Counted by hand: three sites cleaned (two by Morag's clean-ups with photos two days ago, one
    // completed yesterday by an administrator's status change with no clean-up recorded).
    const r3 = await seedReport('daring.lion.race', daysAgo(1, 10));
    await db
      .updateTable('reports')
      .set({ status: 'completed', completed_at: daysAgo(1, 11) })
      .where('id', '=', r3.id)
      .execute();
    for (const [report, minutes] of [
      [r1, 95],
      [r2, 30],
    ] as const) {
      await db
        .updateTable('reports')
        .set({ status: 'completed', completed_at: daysAgo(2, 15) })
        .where('id', '=', report.id)
        .execute();
      await db
        .insertInto('cleanups')
        .values({
          report_id: report.id,
          volunteer_id: morag.id,
          completed_at: daysAgo(2, 15),
          minutes_worked: minutes,
          before_photo_key: report.photo_key,
          after_photo_key: report.photo_key,
          notes: null,
        })
        .execute();
    }

    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    const totals = page.getByRole('region', { name: 'Totals' });
    await totals.waitFor();
    await expect
      .poll(() => totals.innerText())
      .toMatch(
        /Total Volunteers\s+2\s+Active Volunteers\s+1\s+Total Sites Cleaned\s+3\s+Completed reports; 2 clean-ups recorded with photos\s+Total Hours\s+2h 5m/,
      );

    const progress = page.getByRole('region', { name: 'Daily progress, last 30 days' });
    await progress.waitFor();
    await page.getByText('Showing last 30 days. Export CSV for complete data.').waitFor();
    // The rows arrive with the server's answer: wait for all of them before reading them.
    const progressRows = progress.getByRole('row');
    await expect.poll(() => progressRows.count()).toBe(1 + 3);
    const rows = await progressRows.allInnerTexts();
    expect(rows[0]).toMatch(/Date\s+Sites Reported\s+Sites Cleaned\s+Clean-ups With Photos\s+Progress/);
    expect(rows).toHaveLength(1 + 3); // the header, then today and the two days before, newest first
    expect(rows[1]).toMatch(/^\d\d\/\d\d\/\d{4}\s+0\s+0\s+0\s+0%$/);
    expect(rows[2]).toMatch(/\s1\s+1\s+0\s+100%$/);
    expect(rows[3]).toMatch(/\s2\s+2\s+2\s+100%$/);

    const volunteerRows = page.getByRole('region', { name: 'Volunteer details table' }).getByRole('row');
    await expect.poll(() => volunteerRows.count()).toBe(1 + 2);
    const volunteers = await volunteerRows.allInnerTexts();
    expect(volunteers[0]).toMatch(/Volunteer\s+Email\s+Sites Cleaned\s+Hours Worked\s+Joined\s+Last Active/);
    expect(volunteers[1]).toMatch(
      /Morag Stewart\s+Active\s+morag@example\.org\s+2\s+2h 5m\s+\d\d\/\d\d\/\d{4}\s+\d\d\/\d\d\/\d{4}/,
    );
    expect(volunteers[2]).toMatch(/Anonymous Volunteer\s+newbie@example\.org\s+0\s+0h 0m\s+\d\d\/\d\d\/\d{4}\s+Never/);

    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect.poll(() => exportLink.getAttribute('href')).toBe('/api/admin/daily-progress/export');
    await expect.poll(() => exportLink.getAttribute('target')).toBe('_blank');
    const csv = await context.request.get(`${server.url}/api/admin/daily-progress/export`);
    expect(csv.headers()['content-disposition']).toMatch(
      /^attachment; filename="daily-progress-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'Date,Sites Reported,Sites Cleaned,Clean-ups With Photos,Progress (%)',
    );

    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-analytics-desktop');
    await context.close();
  });

  it('analytics with no data say so', async () => {
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await page.getByText('No progress data available', { exact: true }).waitFor();
    await page.getByText('No volunteers found', { exact: true }).waitFor();
    await context.close();
  });

  it('an event is created, edited, attended and deleted', async () => {
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();

    await page.getByRole('button', { name: 'Add MUCU event' }).click();
    const add = page.getByRole('dialog', { name: 'Add Meet Up Clean Up Event' });
    await add.waitFor();
    await expectNoAxeViolations(page);
    await add.getByRole('button', { name: 'Create MUCU Event' }).click();
    await toast(page, 'Please provide both location and date for the MUCU event.');
    await add.getByLabel('Location').fill('Leith Walk');
    await add.getByLabel('Date and time').fill('2030-12-05T10:00');
    await add.getByLabel('Description (optional)').fill('Bring gloves');
    await add.getByLabel('Maps link (optional)').fill('not a link');
    await add.getByRole('button', { name: 'Create MUCU Event' }).click();
    await toast(page, 'The maps link must be a web address starting with https:// or http://.');
    await add.getByLabel('Maps link (optional)').fill('');
    // (A 401 here means the administrator session ended: admin-keyboard.spec.ts follows that path.)
    await screenshot(page, 'admin-add-event-desktop', { fullPage: false });
    await add.getByRole('button', { name: 'Create MUCU Event' }).click();
    await toast(page, 'MUCU event created');
    await add.waitFor({ state: 'detached' });
    const stored = await server.database.db.selectFrom('mucu_events').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Leith Walk MUCU',
      location: 'Leith Walk',
      description: 'Bring gloves',
      maps_link: null,
    });

    await page.getByRole('button', { name: 'Manage MUCUs' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage MUCU Events' });
    await manage.getByRole('heading', { name: 'Leith Walk MUCU' }).waitFor();
    await manage.getByText('05/12/2030, 10:00').waitFor();
    await expectNoAxeViolations(page);

    // Attendance is a record of who came: an event that has not started says so before anything is sent.
    await manage.getByRole('button', { name: 'Add attendance to Leith Walk MUCU' }).click();
    const early = page.getByRole('dialog', { name: 'Add MUCU Attendance' });
    await early
      .getByRole('status')
      .getByText(
        "This MUCU event has not started yet. Attendance can be added once it starts; volunteers who plan to come say 'I'll be there' on the event's page.",
      )
      .waitFor();
    await expect
      .poll(() =>
        early.getByRole('option', { name: 'Leith Walk MUCU (05/12/2030, 10:00, not started yet)' }).isDisabled(),
      )
      .toBe(true);
    await early.getByRole('button', { name: 'Cancel' }).click();
    await early.waitFor({ state: 'detached' });

    await manage.getByRole('button', { name: 'Edit Leith Walk MUCU' }).click();
    const edit = manage.getByRole('form', { name: 'Edit Leith Walk MUCU' });
    await edit.getByLabel('Location').fill('The Meadows');
    await edit.getByLabel('Date and time').fill('2026-11-14T10:00');
    await edit.getByLabel('Maps link (optional)').fill('https://www.openstreetmap.org/#map=17/55.9406/-3.1915');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'MUCU updated');
    await manage.getByRole('heading', { name: 'The Meadows MUCU' }).waitFor();
    await expect
      .poll(() => manage.getByRole('link', { name: /^The Meadows/ }).getAttribute('href'))
      .toBe('https://www.openstreetmap.org/#map=17/55.9406/-3.1915');

    await manage.getByRole('button', { name: 'Add attendance to The Meadows MUCU' }).click();
    const attend = page.getByRole('dialog', { name: 'Add MUCU Attendance' });
    await attend.waitFor();
    await expect.poll(() => attend.getByLabel('MUCU event').inputValue()).toBe(String(stored.id));
    await expectNoAxeViolations(page);
    await attend.getByRole('button', { name: 'Add Attendance' }).click();
    await toast(page, 'Please select a MUCU event and provide volunteer email.');
    // A typo in an address nobody has used is asked about, not registered as a new volunteer.
    await attend.getByLabel('Volunteer email').fill('Hamish.Brown@exmaple.org');
    await attend.getByLabel('Notes (optional)').fill('Brought a ladder');
    await attend.getByRole('button', { name: 'Add Attendance' }).click();
    const newVolunteer = attend.getByRole('alertdialog', { name: 'New volunteer?' });
    await newVolunteer
      .getByText(
        'No volunteer has used hamish.brown@exmaple.org yet. Check the address, or add them as a new volunteer.',
      )
      .waitFor();
    await expectFocused(newVolunteer.getByRole('button', { name: 'Add as new volunteer' }));
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-attendance-new-volunteer', { fullPage: false });
    await newVolunteer.getByRole('button', { name: 'Check the address' }).click();
    await expectFocused(attend.getByLabel('Volunteer email'));
    await attend.getByLabel('Volunteer email').fill('Hamish.Brown@example.org');
    await attend.getByRole('button', { name: 'Add Attendance' }).click();
    // Hamish has never signed in either: this time he is a new volunteer.
    await newVolunteer.getByRole('button', { name: 'Add as new volunteer' }).click();
    await toast(page, 'Attendance added');
    expect(
      await server.database.db.selectFrom('volunteers').select('email').where('email', 'like', 'hamish%').execute(),
    ).toEqual([{ email: 'hamish.brown@example.org' }]);
    await attend.waitFor({ state: 'detached' });
    const attendees = manage.getByRole('list', { name: 'Attendees of The Meadows MUCU' });
    await attendees.waitFor();
    await expect.poll(() => attendees.innerText()).toBe('hamish.brown · Brought a ladder');
    await screenshot(page, 'admin-manage-events-desktop', { fullPage: false });

    // The same volunteer twice is refused with the server's reason.
    await manage.getByRole('button', { name: 'Add attendance to The Meadows MUCU' }).click();
    await attend.getByLabel('Volunteer email').fill('hamish.brown@example.org');
    await attend.getByRole('button', { name: 'Add Attendance' }).click();
    await toast(page, 'Error adding attendance');
    await toast(page, 'This volunteer is already recorded as attending this MUCU event.');
    await attend.getByRole('button', { name: 'Cancel' }).click();

    await manage.getByRole('button', { name: 'Delete The Meadows MUCU' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete The Meadows MUCU?' });
    await confirm.waitFor();
    await confirm
      .getByText(
        'Are you sure you want to delete this MUCU event? This will also remove all attendance records. This action cannot be undone.',
        { exact: true },
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete MUCU' }).click();
    await toast(page, 'MUCU deleted');
    await manage.getByText('No MUCU events found.', { exact: true }).waitFor();
    await expect.poll(() => server.database.db.selectFrom('mucu_attendances').select('id').execute()).toEqual([]);
    await context.close();
  });

  it('the management dashboard filters, sorts, edits inline, changes a status and marks duplicates; unchanged polls are 304', async () => {
    await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z', { description: 'Tag on the close wall' });
    await seedReport('bleak.exhaust.jewel', '2026-11-02T10:00:00.000Z', {
      status: 'completed',
      completedAt: '2026-11-06T10:00:00.000Z',
    });
    await seedReport('daring.lion.race', '2026-11-03T10:00:00.000Z', { status: 'cleaning' });
    await seedReport('rally.census.refuse', '2026-11-04T10:00:00.000Z', { description: 'Same wall again' });

    const { context, page } = await adminPage();
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/reports' && response.request().method() === 'GET')
        statuses.push(response.status());
    });
    await page.goto(`${server.url}/volunteer-portal`);
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    const titles = () => cards.locator('h3').allTextContents();
    const words = () => cards.locator('p > span.font-semibold').allTextContents();
    await expect.poll(titles).toEqual(['Report #1', 'Report #2', 'Report #3', 'Report #4']);
    await expect
      .poll(words)
      .toEqual(['rally.census.refuse', 'daring.lion.race', 'bleak.exhaust.jewel', 'rally.census.refuse']);

    // Duplicates: the two rally.census.refuse reports are shaded grey and say so.
    const duplicateCards = page.locator('article[data-duplicate]');
    await expect.poll(() => duplicateCards.count()).toBe(2);
    await expect
      .poll(() => duplicateCards.first().evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe('rgb(255, 255, 255)');
    await duplicateCards.first().getByText('Duplicate location').waitFor();

    const first = cards.nth(0);
    await expect.poll(() => first.innerText()).toMatch(/Reported:\s*04\/11\/2026/);
    const completed = cards.nth(2);
    await expect.poll(() => completed.innerText()).toMatch(/Cleaned:\s*06\/11\/2026/);
    await expect.poll(() => completed.innerText()).toMatch(/Status:\s*Completed/);
    await expect.poll(() => cards.nth(1).innerText()).toMatch(/Status:\s*Currently being cleaned/);
    await expect.poll(() => cards.nth(3).innerText()).toMatch(/Status:\s*Awaiting cleanup/);
    await expect
      .poll(() => first.getByRole('link', { name: /Open map/i }).getAttribute('href'))
      .toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=55\.953300&mlon=-3\.188300/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-reports-desktop');

    // Filters.
    const filters = page.getByRole('group', { name: 'Filter by status' });
    await filters.getByRole('button', { name: 'Completed' }).click();
    await expect.poll(words).toEqual(['bleak.exhaust.jewel']);
    await filters.getByRole('button', { name: 'Cleaning' }).click();
    await expect.poll(words).toEqual(['daring.lion.race']);
    await filters.getByRole('button', { name: 'Reported' }).click();
    await expect.poll(words).toEqual(['rally.census.refuse', 'rally.census.refuse']);
    await filters.getByRole('button', { name: 'All' }).click();

    // Sorts: oldest first, then pressing it again returns to the server's order.
    const oldest = page.getByRole('button', { name: 'Reported: oldest' });
    await oldest.click();
    await expect.poll(() => oldest.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(words)
      .toEqual(['rally.census.refuse', 'bleak.exhaust.jewel', 'daring.lion.race', 'rally.census.refuse']);
    await expect.poll(titles).toEqual(['Report #1', 'Report #2', 'Report #3', 'Report #4']);
    await page.getByRole('button', { name: 'Cleaned: newest' }).click();
    await expect.poll(async () => (await words())[0]).toBe('bleak.exhaust.jewel');
    await page.getByRole('button', { name: 'Cleaned: newest' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Cleaned: newest' }).getAttribute('aria-pressed'))
      .toBe('false');
    await expect
      .poll(words)
      .toEqual(['rally.census.refuse', 'daring.lion.race', 'bleak.exhaust.jewel', 'rally.census.refuse']);

    // Inline edit, one at a time: a blank location is refused, then saved.
    await page.getByRole('button', { name: 'Edit Report #2' }).click();
    const editForm = page.getByRole('form', { name: 'Edit Report #2' });
    await editForm.getByLabel('Three-word location').fill('  ');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await editForm.getByText('location is required', { exact: true }).waitFor();
    // Another card's Edit while this one holds changes asks before dropping them.
    await page.getByRole('button', { name: 'Edit Report #3' }).click();
    const discard = page.getByRole('alertdialog', { name: 'Discard the changes to Report #2?' });
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await discard.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('form').count()).toBe(1);
    await page.getByRole('form', { name: 'Edit Report #3' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Report #2' }).click();
    const again = page.getByRole('form', { name: 'Edit Report #2' });
    // A real place of the city, typed in capitals: kept in the words' own lower case.
    const corrected = gridWordsAt(55.9486, -3.1999);
    await again.getByLabel('Three-word location').fill(corrected.toUpperCase());
    await again.getByLabel('Description (optional)').fill('Stencil on the bus shelter');
    await again.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Report updated');
    await cards.nth(1).getByText('Stencil on the bus shelter').waitFor();
    await cards.nth(1).getByText(corrected, { exact: true }).waitFor();

    // A status button: any status from any other.
    await page
      .getByRole('group', { name: 'Set the status of Report #2' })
      .getByRole('button', { name: 'Completed' })
      .click();
    await toast(page, 'Status updated');
    await expect.poll(() => cards.nth(1).innerText()).toMatch(/Status:\s*Completed/);
    await expect.poll(() => cards.nth(1).innerText()).toMatch(/Cleaned:\s*\d\d\/\d\d\/\d{4}/);
    await page
      .getByRole('group', { name: 'Set the status of Report #2' })
      .getByRole('button', { name: 'Reported' })
      .click();
    await expect.poll(() => cards.nth(1).innerText()).toMatch(/Status:\s*Awaiting cleanup/);

    // The list polls every 5 s; while nothing changes the server answers 304.
    const before = statuses.filter((s) => s === 304).length;
    await expect.poll(() => statuses.filter((s) => s === 304).length, { timeout: 20_000 }).toBeGreaterThan(before);
    await context.close();
  });

  it("'Priority first' puts the priority report at the top, and 'Priority only' leaves just it", async () => {
    await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z', { priority: true });
    await seedReport('bleak.exhaust.jewel', '2026-11-02T10:00:00.000Z');
    await seedReport('daring.lion.race', '2026-11-03T10:00:00.000Z');
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    const cards = page.getByRole('article');
    const words = () => cards.locator('p > span.font-semibold').allTextContents();
    const summary = page.getByText(/^Showing \d/);
    await summary.filter({ hasText: 'Showing 1-3 of 3' }).waitFor();
    await expect.poll(words).toEqual(['daring.lion.race', 'bleak.exhaust.jewel', 'rally.census.refuse']);

    const first = page.getByRole('button', { name: 'Priority first' });
    await first.click();
    await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(words).toEqual(['rally.census.refuse', 'daring.lion.race', 'bleak.exhaust.jewel']);
    await expect.poll(() => cards.first().locator('h3').textContent()).toBe('Report #1');

    await page.getByText('More filters').click();
    await page.getByRole('checkbox', { name: 'Priority only' }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await summary.filter({ hasText: 'Showing 1-1 of 1' }).waitFor();
    await expect.poll(words).toEqual(['rally.census.refuse']);
    await expect
      .poll(() => page.getByRole('link', { name: /Export these reports/ }).getAttribute('href'))
      .toMatch(/priority=1/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-reports-priority-desktop');
    await context.close();
  });

  it('each card says where its position came from, badges a report that could not be placed, and the unplaced filter finds it', async () => {
    await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z', {
      placement: { source: 'device', status: 'checked' },
    });
    await seedReport('bleak.exhaust.jewel', '2026-11-02T10:00:00.000Z', {
      placement: { source: 'photo', status: 'checked' },
    });
    await seedReport('daring.lion.race', '2026-11-03T10:00:00.000Z', {
      placement: { source: 'words', status: 'checked' },
    });
    await seedReport('minor.neck.gather', '2026-11-04T10:00:00.000Z', {
      placement: { source: null, status: 'to-check' },
    });
    await seedReport('pilot.ginger.gazz', '2026-11-05T10:00:00.000Z', {
      placement: { source: null, status: 'not-found' },
    });
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    const cards = page.getByRole('article');
    const card = (words: string) => cards.filter({ hasText: words });
    await page.getByText('Showing 1-5 of 5').waitFor();
    await expect.poll(() => card('rally.census.refuse').innerText()).toMatch(/Position:\s*Position from the device/);
    await expect.poll(() => card('bleak.exhaust.jewel').innerText()).toMatch(/Position:\s*Position from the photo/);
    await expect.poll(() => card('daring.lion.race').innerText()).toMatch(/Position:\s*Position from the words/);
    await expect.poll(() => card('minor.neck.gather').innerText()).toMatch(/Position:\s*None yet/);
    await card('minor.neck.gather').getByText('Location to check', { exact: true }).waitFor();
    await card('pilot.ginger.gazz').getByText('Location not found', { exact: true }).waitFor();
    const badges = page.getByText(/^Location (to check|not found)$/);
    await expect.poll(() => badges.count()).toBe(2);

    await page.getByText('More filters').click();
    await page.getByRole('checkbox', { name: 'Only reports without a map position' }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Showing 1-2 of 2').waitFor();
    await expect
      .poll(() => cards.locator('p > span.font-semibold').allTextContents())
      .toEqual(['pilot.ginger.gazz', 'minor.neck.gather']);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('the photo preview shows the full-size photo, and a missing photo says so', async () => {
    const kept = await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z');
    const lost = await seedReport('bleak.exhaust.jewel', '2026-11-02T10:00:00.000Z');
    for (const name of Object.values(photoNames(lost.photo_key))) fs.rmSync(path.join(server.dataDir, 'photos', name));

    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    const lostCard = page.getByRole('article').nth(0);
    await lostCard.getByText('Photo Missing', { exact: true }).waitFor();
    await lostCard
      .getByText('The original photo for this location is no longer available. This may be a data recovery issue.')
      .waitFor();
    // Inside the preview button the missing state is phrasing content only (no <div> or <p>).
    const lostButton = page.getByRole('button', { name: 'View photo of Report #1' });
    await lostButton.getByText('Photo Missing', { exact: true }).waitFor();
    await expect.poll(() => lostButton.locator('div, p').count()).toBe(0);

    await page.getByRole('button', { name: 'View photo of Report #2' }).click();
    const preview = page.getByRole('dialog', { name: 'Photo Preview' });
    await preview.waitFor();
    const image = preview.getByRole('img', { name: 'Graffiti at rally.census.refuse' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await expect.poll(() => image.getAttribute('src')).toBe(`/photos/${kept.photo_key}.jpg`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-photo-preview-desktop', { fullPage: false });
    await preview.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'View photo of Report #1' }).click();
    await preview.getByText('Photo Missing', { exact: true }).waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();
    await screenshot(page, 'admin-photo-missing-desktop', { fullPage: false });
    await context.close();
  });

  it('progress photos are added to a report and each is deleted by name after a warning', async () => {
    await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z');
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('button', { name: 'Add photo to Report #1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Photo' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Upload Photo' }).click();
    await toast(page, 'No file selected');
    await toast(page, 'Please select a photo to upload.');
    await pickFiles(dialog.getByLabel('Photo', { exact: true }), {
      name: 'progress.jpg',
      buffer: await plainJpeg(400, 300),
    });
    await dialog.getByLabel('Description (optional)').fill('Half the tag gone');
    await dialog.getByRole('button', { name: 'Upload Photo' }).click();
    await toast(page, 'Photo uploaded');
    await dialog.waitFor({ state: 'detached' });
    const stored = await server.database.db.selectFrom('report_photos').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      photo_type: 'progress',
      description: 'Half the tag gone',
      // Labelled by who is signed in, never by the form: here, the administrator.
      uploaded_by: 'Administrator',
    });
    await page.getByRole('button', { name: 'Add photo to Report #1' }).click();
    await pickFiles(dialog.getByLabel('Photo', { exact: true }), {
      name: 'later.jpg',
      buffer: await plainJpeg(400, 300),
    });
    await dialog.getByLabel('Description (optional)').fill('All of it gone');
    await dialog.getByRole('button', { name: 'Upload Photo' }).click();
    await dialog.waitFor({ state: 'detached' });
    const photoRows = () =>
      server.database.db.selectFrom('report_photos').select('description').orderBy('id').execute();
    await expect.poll(photoRows).toEqual([{ description: 'Half the tag gone' }, { description: 'All of it gone' }]);

    await page.getByRole('button', { name: 'Added photos' }).click();
    await page.getByText(/^Half the tag gone · by Administrator · \d\d\/\d\d\/\d{4}$/).waitFor();
    // Each photo's delete button has a name of its own, and asks first.
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /^Delete photo/ })
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
      )
      .toEqual(['Delete photo 1 of Report #1', 'Delete photo 2 of Report #1']);
    await page.getByRole('button', { name: 'Delete photo 2 of Report #1', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete photo 2 of Report #1?' });
    await confirm
      .getByText('This will permanently delete this photo from the report. This action cannot be undone.', {
        exact: true,
      })
      .waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await photoRows()).toHaveLength(2);

    await page.getByRole('button', { name: 'Delete photo 2 of Report #1', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete Photo' }).click();
    await toast(page, 'Photo deleted successfully!');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(photoRows).toEqual([{ description: 'Half the tag gone' }]);
    await expect
      .poll(() => page.getByRole('button', { name: 'Delete photo 2 of Report #1', exact: true }).count())
      .toBe(0);

    await page.getByRole('button', { name: 'Delete photo 1 of Report #1', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete photo 1 of Report #1?' })
      .getByRole('button', { name: 'Delete Photo' })
      .click();
    await page.getByText('No photos have been added to this report.').waitFor();
    await expect.poll(photoRows).toEqual([]);
    await context.close();
  });

  it('the dashboard is usable on a phone-width screen', async () => {
    await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z', { description: 'Tag on the close wall' });
    await seedReport('rally.census.refuse', '2026-11-02T10:00:00.000Z');
    const { context, page } = await adminPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('article').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-reports-phone');
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await page.getByRole('region', { name: 'Totals' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-analytics-phone');
    await context.close();
  });

  it('a manual report is made from the plus button; a report is deleted after the warning', async () => {
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByText('No Reports Found', { exact: true }).waitFor();
    await page.getByText('No graffiti reports have been submitted yet.', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add Manual Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Manual Report' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create Report' }).click();
    await toast(page, 'Missing required fields');
    await toast(page, 'Please provide both a photo and What3Words location.');
    await pickFiles(dialog.getByLabel('Photo'), { name: 'wall.jpg', buffer: await plainJpeg(640, 480) });
    await dialog.getByLabel('Three-word location').fill('  rally.census.refuse  ');
    await dialog.getByLabel('Description (optional)').fill('Reported by phone');
    await dialog.getByRole('button', { name: 'Create Report' }).click();
    await toast(page, 'Manual report created successfully');
    const card = page.getByRole('article').first();
    await card.getByText('Reported by phone').waitFor();
    const row = await server.database.db.selectFrom('reports').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      what3words: 'rally.census.refuse',
      description: 'Reported by phone',
      status: 'reported',
    });

    // The window event opens the same form, once.
    await page.evaluate(() => window.dispatchEvent(new Event('openManualForm')));
    await dialog.waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The form belongs to the page, not the Reports tab: the event also works on Volunteer Analytics.
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await page.getByRole('heading', { name: 'Admin Controls' }).waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('openManualForm')));
    await dialog.waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Reports Management' }).click();

    await page.getByRole('button', { name: 'Delete Report #1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Report #1?' });
    await confirm.getByText(/This action cannot be undone\.$/).waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete Report' }).click();
    await toast(page, 'Report deleted');
    await page.getByText('No Reports Found', { exact: true }).waitFor();
    await expect.poll(() => fs.readdirSync(path.join(server.dataDir, 'photos'))).not.toContain(`${row.photo_key}.jpg`);
    await context.close();
  });

  it('administrators get the management dashboard at /volunteer-dashboard', async () => {
    await seedReport('rally.census.refuse', '2026-11-01T10:00:00.000Z');
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Report Management' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'MUCU events' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'MUCU events' }).getByRole('button').allTextContents())
      .toEqual(['Add MUCU Event', 'Manage MUCU Events', 'Add MUCU Attendance']);
    await expectNoAxeViolations(page);
    // Its header button and the window event open one Add Manual Report form.
    const dialog = page.getByRole('dialog', { name: 'Add Manual Report' });
    await page.getByRole('button', { name: 'Add Manual Report' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.evaluate(() => window.dispatchEvent(new Event('openManualForm')));
    await dialog.waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await context.close();
  });

  it('the management toolbar opens Add MUCU Event, Manage MUCU Events and Add MUCU Attendance', async () => {
    const { context, page } = await adminPage();
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByText('No Reports Found', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'MUCU events' }).click();
    const toolbar = page.getByRole('group', { name: 'MUCU events' });

    await toolbar.getByRole('button', { name: 'Add MUCU Event', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add Meet Up Clean Up Event' });
    await add.getByLabel('Location').fill('Portobello Beach');
    await add.getByLabel('Date and time').fill('2026-11-21T10:00');
    await add.getByRole('button', { name: 'Create MUCU Event' }).click();
    await toast(page, 'MUCU event created');
    await add.waitFor({ state: 'detached' });
    const stored = await server.database.db.selectFrom('mucu_events').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Portobello Beach MUCU', location: 'Portobello Beach' });

    // Attendance with no event chosen beforehand: the list starts unselected.
    await toolbar.getByRole('button', { name: 'Add MUCU Attendance', exact: true }).click();
    const attend = page.getByRole('dialog', { name: 'Add MUCU Attendance' });
    await attend
      .getByRole('option', { name: 'Portobello Beach MUCU (21/11/2026, 10:00)' })
      .waitFor({ state: 'attached' });
    await expect.poll(() => attend.getByLabel('MUCU event').inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await attend.getByLabel('Volunteer email').fill('fiona@example.org');
    await attend.getByRole('button', { name: 'Add Attendance' }).click();
    await toast(page, 'Please select a MUCU event and provide volunteer email.');
    await attend.getByLabel('MUCU event').selectOption(String(stored.id));
    await attend.getByRole('button', { name: 'Add Attendance' }).click();
    await attend.getByRole('button', { name: 'Add as new volunteer' }).click();
    await toast(page, 'Attendance added');
    await attend.waitFor({ state: 'detached' });

    await toolbar.getByRole('button', { name: 'Manage MUCU Events', exact: true }).click();
    const manage = page.getByRole('dialog', { name: 'Manage MUCU Events' });
    await manage.getByRole('heading', { name: 'Portobello Beach MUCU' }).waitFor();
    await manage
      .getByRole('list', { name: 'Attendees of Portobello Beach MUCU' })
      .getByText('fiona', { exact: true })
      .waitFor();
    await manage.getByRole('button', { name: 'Close' }).click();
    await manage.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a signed-in volunteer creates a MUCU event from the MUCU Attendance Log card; signed out, it is refused', async () => {
    const { cookies } = await volunteerSession(server.database, 'ailsa@example.org');
    const sessionCookies = Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url }));
    const { context, page } = await newPage(browser, DESKTOP);
    await context.addCookies(sessionCookies);
    await page.goto(`${server.url}/volunteers/dashboard`);
    const log = page.getByRole('region', { name: 'MUCU Attendance Log' });
    await log.getByText('No MUCUs attended yet').waitFor();
    await log.getByRole('button', { name: 'Add MUCU Event' }).click();
    const add = page.getByRole('dialog', { name: 'Add Meet Up Clean Up Event' });
    await add.waitFor();
    await expectNoAxeViolations(page);
    await add.getByLabel('Location').fill('Calton Hill');
    await add.getByLabel('Date and time').fill('2026-12-19T11:00');

    // Without a session the server answers 401, and the dialog says to sign in as a volunteer.
    await context.clearCookies();
    await add.getByRole('button', { name: 'Create MUCU Event' }).click();
    await toast(page, 'Authentication Required');
    await toast(page, 'Please sign in as a volunteer to create MUCU events');
    expect(await server.database.db.selectFrom('mucu_events').select('id').execute()).toEqual([]);

    await context.addCookies(sessionCookies);
    await add.getByRole('button', { name: 'Create MUCU Event' }).click();
    await toast(page, 'MUCU event created');
    await add.waitFor({ state: 'detached' });
    const stored = await server.database.db.selectFrom('mucu_events').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Calton Hill MUCU', location: 'Calton Hill' });
    await context.close();
  });
});
