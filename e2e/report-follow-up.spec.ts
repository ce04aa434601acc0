// The reporter hears back: after a report the form shows its reference and private status link; the
// status page shows it awaiting cleanup, then completed with the after photo beside the before; 'My
// reports' on the home page lists this device's reports with their status. axe on each new screen.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { CASTLE_WORDS, realLocations } from '#tests/places.ts';

const [OTHER_WORDS, THIRD_WORDS] = realLocations(2) as [string, string];
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  screenshot,
  useBrowserAndServer,
  E2E_ADMIN_PASSCODE,
  type RunningServer,
  pickFiles,
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

  it('administrators see the priority mark and how many people reported it on the card, and can clear the mark', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const signIn = await context.request.post(`${server.url}/api/admin/auth`, {
      data: { passcode: E2E_ADMIN_PASSCODE },
    });
    expect(signIn.status()).toBe(200);
    await page.addInitScript(() => sessionStorage.setItem('adminAccess', 'true'));
    // The first test's report was marked offensive; the last one was reported by two people.
    await page.goto(`${server.url}/volunteer-portal`);
    const offensive = page.getByRole('article').filter({ hasText: 'pilot.ginger.gaze' });
    await offensive.getByText('Priority', { exact: true }).first().waitFor();
    const twice = page.getByRole('article').filter({ hasText: CASTLE_WORDS });
    await twice.getByText('2 people reported this').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-card-priority-desktop');

    const toggle = offensive.getByRole('button', { name: 'Priority for the report at pilot.ginger.gaze' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    // The button may show the change before the server has stored it: wait for the row.
    await expect
      .poll(async () => {
        const row = await server.database.db
          .selectFrom('reports')
          .select('priority')
          .where('what3words', '=', 'pilot.ginger.gaze')
          .executeTakeFirstOrThrow();
        return Boolean(row.priority);
      })
      .toBe(false);
    await context.close();
  });
});
