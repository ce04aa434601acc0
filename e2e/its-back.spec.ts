// 'It's back' from the status page: the reporter of a cleaned report, arriving from the e-mail's
// 'Is it clean now?' No, sends a photo of the wall as it is now, and a new report of the same site is
// made, with its own status link; 'Yes' thanks them. axe at phone and desktop width; keyboard only.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { multipartBody } from '#tests/build-test-app.ts';
import { gridWordsAt } from '#tests/places.ts';
import {
  DESKTOP,
  E2E_ADMIN_PASSCODE,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  pickFiles,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

/** Far from every other browser test's reports. */
const WALL = gridWordsAt(55.9451, -3.2012);

describe.skipIf(!hasChromium)("'It's back' from the status page", () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  async function cleanedReport() {
    const { payload, headers } = await multipartBody(
      { what3words: WALL },
      { photo: { data: await plainJpeg(640, 480), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const made = await server.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(made.statusCode, made.body).toBe(201);
    const report = made.json() as { id: number; statusToken: string };
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: E2E_ADMIN_PASSCODE },
    });
    const admin = signIn.cookies.find((cookie) => cookie.name === 'cue_admin')!;
    const done = await server.app.inject({
      method: 'PATCH',
      url: `/api/reports/${report.id}/status`,
      payload: { status: 'completed' },
      cookies: { cue_admin: admin.value },
    });
    expect(done.statusCode, done.body).toBe(200);
    return report;
  }

  it("'No' from the e-mail opens the form; a photo makes a new report of the same site", async () => {
    const first = await cleanedReport();
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/report/${first.statusToken}?clean=no`);
    await page.getByRole('heading', { name: 'Sorry it is not clean' }).waitFor();
    await page.getByRole('textbox', { name: 'Three-word location' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'its-back-form-phone');

    // Sent without a photo: said, and the photo field takes the focus.
    await page.getByRole('button', { name: 'Report it again' }).click();
    await page.getByText('Please upload a photo to submit your report').waitFor();
    await pickFiles(page.getByLabel('Photo of it now'), { name: 'back.jpg', buffer: await plainJpeg(800, 600) });
    await page.getByRole('button', { name: 'Report it again' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText(/^Thank you: it is reported again, and our volunteers have been notified\. Reference #\d+\.$/)
      .waitFor();

    const rows = await server.database.db
      .selectFrom('reports')
      .selectAll()
      .where('what3words', '=', WALL)
      .orderBy('id')
      .execute();
    const [earlier, again] = rows.slice(-2);
    expect(earlier!.id).toBe(first.id);
    expect(earlier!.status).toBe('completed');
    expect(again).toMatchObject({ status: 'reported', site_id: earlier!.site_id, tagged_again: 1 });
    await expectNoAxeViolations(page);
    await screenshot(page, 'its-back-sent-phone');

    await page.getByRole('link', { name: 'Follow the new report' }).click();
    await page.getByRole('heading', { level: 1, name: `Report #${again!.id}` }).waitFor();
    await page.getByText('Awaiting cleanup', { exact: true }).waitFor();
    await context.close();
  });

  it("'Yes' thanks the reporter; anyone may open 'It's back' from the keyboard at desktop width", async () => {
    const first = await cleanedReport();
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${server.url}/report/${first.statusToken}?clean=yes`);
    await page.getByText('Thank you for letting us know, and for helping to make Edinburgh cleaner!').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'its-back-yes-desktop');

    await page.goto(`${server.url}/report/${first.statusToken}`);
    const open = page.getByRole('button', { name: "It's back" });
    await open.focus();
    await page.keyboard.press('Enter');
    // The form takes the focus on its photo field.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe('file');
    await expectNoAxeViolations(page);
    await screenshot(page, 'its-back-form-desktop');
    await context.close();
  });
});
