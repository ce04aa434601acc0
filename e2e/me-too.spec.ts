// 'Me too': a passer-by confirms an open report instead of making another, from the report form's
// 'Already reported here' and from the report's status page (with a photo), by keyboard; the same
// device is told it has said it already. axe at phone and desktop width.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { gridWordsAt } from '#tests/places.ts';
import { createdReportSchema } from '#shared/contracts/reports.ts';
import { meTooMessages } from '#shared/domain/me-too-messages.ts';
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  pickFiles,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const FORM_WORDS = gridWordsAt(55.9468, -3.2012);
const STATUS_WORDS = gridWordsAt(55.9431, -3.1957);

describe.skipIf(!hasChromium)("'Me too'", () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  async function seedReport(words: string) {
    const { payload, headers } = await multipartBody(
      { what3words: words },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const response = await server.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    return createdReportSchema.parse(response.json());
  }

  const meTooCount = async (id: number) =>
    (
      await server.database.db
        .selectFrom('reports')
        .select('me_too_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).me_too_count;

  /** Presses 'Me too' from the keyboard, as someone without a pointer would. */
  async function pressMeToo(page: Page) {
    const button = page.getByRole('button', { name: meTooMessages.button });
    await button.focus();
    await page.keyboard.press('Enter');
  }

  it("from the report form's 'Already reported here', once per device", async () => {
    const report = await seedReport(FORM_WORDS);
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${server.url}/#report`);
      await page.getByRole('textbox', { name: 'Three-word location' }).fill(FORM_WORDS);
      const prompt = page.getByRole('region', { name: /^Already reported here on \d\d\/\d\d\/\d{4}$/ });
      await prompt.getByRole('button', { name: meTooMessages.button }).waitFor();
      await prompt.getByText(meTooMessages.help).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `me-too-form-${width}`);

      await pressMeToo(page);
      const thanks = prompt.getByText(meTooMessages.thanks);
      await thanks.waitFor();
      // The focus moves to what the button did, not to the top of the page.
      await expect.poll(() => thanks.evaluate((element) => element === document.activeElement)).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `me-too-form-done-${width}`);

      // The same device, later: told at once, with no button to press again.
      await page.reload();
      await page.getByRole('textbox', { name: 'Three-word location' }).fill(FORM_WORDS);
      await prompt.getByText(meTooMessages.already).waitFor();
      await expect.poll(() => prompt.getByRole('button', { name: meTooMessages.button }).count()).toBe(0);
      await context.close();
    }
    // One per device: two browsers, two.
    expect(await meTooCount(report.id)).toBe(2);
  });

  it('from the status page, with a photo; a cleaned report offers none', async () => {
    const report = await seedReport(STATUS_WORDS);
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${server.url}/report/${report.statusToken}`);
      const section = page.getByRole('region', { name: meTooMessages.heading });
      await section.getByRole('button', { name: meTooMessages.button }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `me-too-status-${width}`);
      if (width === 390) {
        await pickFiles(section.getByLabel(meTooMessages.photoLabel), {
          name: 'same-wall.jpg',
          buffer: await plainJpeg(640, 480),
        });
      }
      await pressMeToo(page);
      await section.getByText(meTooMessages.thanks).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `me-too-status-done-${width}`);
      await context.close();
    }
    expect(await meTooCount(report.id)).toBe(2);
    const photos = await server.database.db
      .selectFrom('report_photos')
      .selectAll()
      .where('report_id', '=', report.id)
      .execute();
    expect(photos.map((photo) => photo.photo_type)).toEqual(['reporter']);

    await server.database.db
      .updateTable('reports')
      .set({ status: 'completed', completed_at: new Date().toISOString() })
      .where('id', '=', report.id)
      .execute();
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/report/${report.statusToken}`);
    await page.getByRole('heading', { name: `Report #${report.id}` }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: meTooMessages.button }).count()).toBe(0);
    await context.close();
  });
});
