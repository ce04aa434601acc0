// The reporter hears back: after a report the form shows its reference and private status link; the
// status page shows it awaiting cleanup, being cleaned, then completed with the after photo beside the
// before; 'My reports' on the home page lists this device's reports with their status; the pages the
// e-mail links open; 'Already reported here' for typed words and a detected position; the priority
// mark on administrators' cards. axe on each new screen at phone and desktop width.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { CASTLE_WORDS, gridWordsAt, realLocations } from '#tests/places.ts';

const [OTHER_WORDS] = realLocations(1) as [string];
/** Far (about 200 m) from every other report the tests here make. */
const THIRD_WORDS = gridWordsAt(55.95376, -3.18937);
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  screenshot,
  useBrowserAndServer,
  newAdminPage,
  type RunningServer,
  pickFiles,
  WITHOUT_SERVICE_WORKER,
} from './support/browser.ts';

describe.skipIf(!hasChromium)('the reporter hears back', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  async function completeSite(reportId: number) {
    const { cookies } = await volunteerSession(server.database, 'ailsa@example.org');
    const jpeg = async (name: string) => ({ data: await plainJpeg(640, 480), name, type: 'image/jpeg' });
    const { payload, headers } = await multipartBody(
      { reportId: String(reportId) },
      { beforePhoto: await jpeg('before.jpg'), afterPhoto: await jpeg('after.jpg') },
    );
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/cleanup/complete',
      payload,
      headers,
      cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('report, open the status link, and see it change to completed with the after photo', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/#report`);
    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'wall.jpg', buffer: await plainJpeg(800, 600) });
    await page.getByRole('textbox', { name: 'Three-word location' }).fill('pilot.ginger.gaze');
    await page
      .getByRole('checkbox', { name: /Is it offensive \(racist, sexual, threatening or naming a person\)\?/ })
      .check();
    await page.getByRole('textbox', { name: 'Tell me when it is cleaned' }).fill('not-an-address');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByText('Please enter a valid e-mail address').waitFor();
    await page.getByRole('textbox', { name: 'Tell me when it is cleaned' }).fill('reporter@example.org');
    await screenshot(page, 'report-follow-form-phone');
    await page.getByRole('button', { name: 'Submit Report' }).click();

    await page.getByText(/^Your report's reference is #\d+\.$/).waitFor();
    const [row] = await server.database.db.selectFrom('reports').selectAll().execute();
    await page.getByText(`Your report's reference is #${row!.id}.`).waitFor();
    expect(Boolean(row!.priority)).toBe(true);
    const followers = await server.database.db.selectFrom('report_followers').selectAll().execute();
    expect(followers).toMatchObject([{ report_id: row!.id, email: 'reporter@example.org', confirmed_at: null }]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-receipt-phone');

    await page.getByRole('link', { name: 'Follow your report' }).click();
    await page.getByRole('heading', { level: 1, name: `Report #${row!.id}` }).waitFor();
    expect(page.url()).toBe(`${server.url}/report/${row!.status_token}`);
    await page.getByText('Awaiting cleanup', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: /pilot\.ginger\.gaze/ }).getAttribute('href'))
      .toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-status-awaiting-phone');

    // A volunteer takes it on: the page says so in the site's words.
    const { cookies } = await volunteerSession(server.database, 'ailsa@example.org');
    const claimed = await server.app.inject({
      method: 'PATCH',
      url: `/api/reports/${row!.id}/status`,
      payload: { status: 'cleaning' },
      cookies,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await page.reload();
    await page.getByText('Currently being cleaned', { exact: true }).waitFor();

    await completeSite(row!.id);
    await page.reload();
    await page.getByText(/^Completed on \d\d\/\d\d\/\d{4}$/).waitFor();
    await page.getByRole('img', { name: 'The same place after cleaning' }).waitFor();
    await page.getByText('Before', { exact: true }).waitFor();
    await page.getByText('After', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-status-completed-phone');

    // 'My reports' on the home page, from this device's store.
    await page.goto(server.url);
    const mine = page.getByRole('region', { name: 'My reports' });
    await mine.getByText(`Report #${row!.id}: pilot.ginger.gaze`).waitFor();
    await mine.getByText(/^Completed on /).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'home-my-reports-phone');

    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/report/${row!.status_token}`);
    await page.getByRole('img', { name: 'The same place after cleaning' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-status-completed-desktop');
    await context.close();
  });

  it('an unknown status link says the report was not found, and the status page offers to e-mail when cleaned', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/report/${'A'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: 'Report not found' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-status-not-found-desktop');
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-status-not-found-phone');
    await page.setViewportSize(DESKTOP);

    const { payload, headers } = await multipartBody(
      { what3words: OTHER_WORDS },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const created = (await server.app.inject({ method: 'POST', url: '/api/reports', payload, headers })).json();
    await page.goto(`${server.url}/report/${created.statusToken}`);
    await page.getByRole('textbox', { name: 'Your e-mail address' }).fill('later@example.org');
    await page.getByRole('button', { name: 'Tell me when it is cleaned' }).click();
    await page.getByText(/Check your e-mail: open the link we sent to confirm/).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-status-follow-desktop');
    await context.close();
  });

  it('the pages the e-mail links open: confirm, confirmed, unsubscribe, unsubscribed and a link that does not work', async () => {
    for (const [width, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const email = `links.${width}@example.org`;
      const { payload, headers } = await multipartBody(
        { what3words: OTHER_WORDS, notifyEmail: email },
        { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
      );
      expect((await server.app.inject({ method: 'POST', url: '/api/reports', payload, headers })).statusCode).toBe(201);
      const follower = await server.database.db
        .selectFrom('report_followers')
        .select(['confirm_token', 'unsubscribe_token'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const { context, page } = await newPage(browser, viewport);
      const heading = (name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

      await page.goto(`${server.url}/api/report-follow/confirm?token=${follower.confirm_token}`);
      await heading('Tell me when it is cleaned?');
      await expectNoAxeViolations(page);
      await screenshot(page, `follow-confirm-${width}`);
      await page.getByRole('button', { name: 'Yes, tell me when it is cleaned' }).click();
      await heading('Confirmed');
      await expectNoAxeViolations(page);
      await screenshot(page, `follow-confirmed-${width}`);

      await page.goto(`${server.url}/api/report-follow/unsubscribe?token=${follower.unsubscribe_token}`);
      await heading('Stop e-mails about this report?');
      await expectNoAxeViolations(page);
      await screenshot(page, `follow-unsubscribe-${width}`);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await heading('You are unsubscribed');
      await expectNoAxeViolations(page);
      await screenshot(page, `follow-unsubscribed-${width}`);
      const left = await server.database.db
        .selectFrom('report_followers')
        .selectAll()
        .where('email', '=', email)
        .execute();
      expect(left).toEqual([]);

      // The confirm link again, once the address has gone.
      await page.goto(`${server.url}/api/report-follow/confirm?token=${follower.confirm_token}`);
      await heading('This link does not work');
      await expectNoAxeViolations(page);
      await screenshot(page, `follow-link-not-working-${width}`);
      await context.close();
    }
  });

  it("a detected position within 25 m of an open report asks 'Already reported here', and a new report can still be made", async () => {
    // A report typed 17 m north of where the reporter stands: different words, the same wall.
    const standing = { latitude: 55.9452, longitude: -3.2047 };
    const nearbyWords = gridWordsAt(standing.latitude + 0.00015, standing.longitude);
    expect(nearbyWords).not.toBe(gridWordsAt(standing.latitude, standing.longitude));
    const { payload, headers } = await multipartBody(
      { what3words: nearbyWords },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const nearby = (await server.app.inject({ method: 'POST', url: '/api/reports', payload, headers })).json();
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      deviceScaleFactor: 1,
      locale: 'en-GB',
      geolocation: { ...standing, accuracy: 5 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#report`);
    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    const prompt = page.getByRole('region', { name: /^Already reported here on \d\d\/\d\d\/\d{4}$/ });
    await prompt.getByRole('img', { name: `The graffiti already reported at ${nearbyWords}` }).waitFor();
    await expectNoAxeViolations(page);

    // Different graffiti: 'Submit Report' still makes a new report, at the detected place.
    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'other.jpg', buffer: await plainJpeg(800, 600) });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByText(/^Your report's reference is #\d+\.$/).waitFor();
    const made = await server.database.db
      .selectFrom('reports')
      .select(['id', 'what3words', 'reporter_count'])
      .where('id', '>=', nearby.id)
      .orderBy('id')
      .execute();
    expect(made).toEqual([
      { id: nearby.id, what3words: nearbyWords, reporter_count: 1 },
      { id: expect.any(Number), what3words: gridWordsAt(standing.latitude, standing.longitude), reporter_count: 1 },
    ]);
    await context.close();
  });

  it("'Already reported here' offers 'Add my photo to it', which counts one more reporter", async () => {
    const { payload, headers } = await multipartBody(
      { what3words: CASTLE_WORDS },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const first = (await server.app.inject({ method: 'POST', url: '/api/reports', payload, headers })).json();
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/#report`);
    await page.getByRole('textbox', { name: 'Three-word location' }).fill('///Lawn.Blind.Eager');
    const prompt = page.getByRole('region', { name: /^Already reported here on \d\d\/\d\d\/\d{4}$/ });
    await prompt.waitFor();
    await prompt.getByRole('img', { name: `The graffiti already reported at ${CASTLE_WORDS}` }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'already-reported-phone');

    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'mine.jpg', buffer: await plainJpeg(800, 600) });
    await prompt.getByRole('button', { name: 'Add my photo to it' }).click();
    await page.getByText(`Your report's reference is #${first.id}.`).waitFor();
    const row = await server.database.db
      .selectFrom('reports')
      .select(['reporter_count'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.reporter_count).toBe(2);
    // A different place asks nothing.
    await page.getByRole('textbox', { name: 'Three-word location' }).fill(THIRD_WORDS);
    await page.getByRole('region', { name: 'My reports' }).getByText(`Report #${first.id}: ${CASTLE_WORDS}`).waitFor();
    await expect.poll(() => page.getByRole('region', { name: /^Already reported here/ }).count()).toBe(0);

    await page.setViewportSize(DESKTOP);
    await page.getByRole('textbox', { name: 'Three-word location' }).fill(CASTLE_WORDS);
    await page
      .getByRole('region', { name: /^Already reported here/ })
      .getByText('2 people reported this')
      .waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'already-reported-desktop');
    await context.close();
  });

  it('administrators see the priority mark and how many people reported it on the card, and can clear and set the mark', async () => {
    const { context, page } = await newAdminPage(browser, server);
    const storedPriority = async () => {
      const row = await server.database.db
        .selectFrom('reports')
        .select('priority')
        .where('what3words', '=', 'pilot.ginger.gaze')
        .executeTakeFirstOrThrow();
      return Boolean(row.priority);
    };
    // The first test's report was marked offensive; the last one was reported by two people.
    await page.goto(`${server.url}/volunteer-portal`);
    const offensive = page.getByRole('article').filter({ hasText: 'pilot.ginger.gaze' });
    await offensive.getByText('Priority', { exact: true }).first().waitFor();
    const twice = page.getByRole('article').filter({ hasText: CASTLE_WORDS });
    await twice.getByText('2 people reported this').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-card-priority-desktop');

    // The button says what it will do; the mark beside it says what is.
    const clear = offensive.getByRole('button', { name: 'Clear priority for the report at pilot.ginger.gaze' });
    const mark = offensive.getByRole('button', { name: 'Mark as priority for the report at pilot.ginger.gaze' });
    await clear.click();
    await mark.waitFor();
    await expect.poll(() => offensive.getByText('Priority', { exact: true }).count()).toBe(0);
    await expect.poll(storedPriority).toBe(false);
    // And set again.
    await mark.click();
    await clear.waitFor();
    await offensive.getByText('Priority', { exact: true }).waitFor();
    await expect.poll(storedPriority).toBe(true);
    await offensive.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-card-priority-set-desktop', { fullPage: false });

    // The cards at phone width, in a page of their own: resizing this one would leave the button just
    // clicked mid-transition in a card the browser skips drawing, a transition that never ends.
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.addInitScript(() => sessionStorage.setItem('adminAccess', 'true'));
    await phone.goto(`${server.url}/volunteer-portal`);
    await phone.getByRole('article').filter({ hasText: CASTLE_WORDS }).getByText('2 people reported this').waitFor();
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'admin-card-priority-phone');

    // 'Priority first' and 'Priority only' at phone width.
    await phone.getByRole('button', { name: 'More options' }).click();
    await phone.getByRole('button', { name: 'Priority first' }).click();
    await phone.getByText('More filters').click();
    await phone.getByRole('checkbox', { name: 'Priority only' }).check();
    await phone.getByRole('button', { name: 'Search', exact: true }).click();
    await phone.getByText(/^Showing 1-1 of 1/).waitFor();
    await phone.getByRole('article').filter({ hasText: 'pilot.ginger.gaze' }).waitFor();
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'admin-reports-priority-phone', { fullPage: false });

    // The analytics count the priority reports that waited more than 24 hours: the one here was cleaned
    // the day it was reported.
    await phone.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    const totals = phone.getByRole('region', { name: 'Totals' });
    await totals.getByText('Priority reports waiting over 24 hours', { exact: true }).waitFor();
    await totals.getByText('0 of 1', { exact: true }).waitFor();
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'admin-analytics-priority-phone', { fullPage: false });
    await context.close();
  });
});
