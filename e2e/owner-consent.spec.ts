// A site on private property: an administrator marks the report as needing the owner's consent on its
// card, and a volunteer (after this year's safety briefing, their first) is not offered it; once the
// administrator records who gave consent, the volunteer is offered it. A volunteer corrects a cleaned
// site's time down, and is refused going above the measured time. Each new state passes axe and is
// photographed at 390 and 1280 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gridWordsAt } from '#tests/places.ts';
import { placeReport } from '#tests/volunteers.ts';
import { DESKTOP, expectNoAxeViolations, hasChromium, PHONE, screenshot, toasts } from './support/browser.ts';
import { useRecordHarness } from './support/volunteer-record.ts';

const HERE = { latitude: 55.9486, longitude: -3.1999 };
const WALL = { latitude: HERE.latitude + 0.0014, longitude: HERE.longitude };

describe.skipIf(!hasChromium)("the owner's consent and a clean-up's time", () => {
  const t = useRecordHarness();

  /** Both widths of one state: axe-clean, and photographed. */
  async function lookAt(page: Page, name: string) {
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await screenshot(page, `${name}-390`);
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize(PHONE);
  }

  it('a site needing consent is not offered until an administrator records it', async () => {
    const words = gridWordsAt(WALL.latitude, WALL.longitude);
    const id = await placeReport(t.server.database.db, { ...WALL, what3words: words });

    const admin = await t.adminPage();
    await admin.goto(`${t.server.url}/volunteer-portal`);
    const card = admin.getByRole('article').filter({ hasText: `Reference #${id}` });
    await card.getByRole('button', { name: `Owner's consent for the report at ${words}` }).click();
    const dialog = admin.getByRole('dialog', { name: "Owner's consent" });
    await dialog.getByRole('button', { name: "Mark as needing the owner's consent" }).click();
    await toasts(admin).getByText("Marked as needing the owner's consent").waitFor();
    await card.getByText("Needs the owner's consent").waitFor();
    await lookAt(admin, 'owner-consent-needed-card');

    // The volunteer's first claim of the year: the briefing first, then no site to offer.
    const { page } = await t.volunteerPage('consent.finder@example.org', { at: HERE, briefing: false });
    await page.goto(`${t.server.url}/volunteers`);
    await page.getByRole('heading', { name: 'Safety briefing', level: 2 }).waitFor();
    await lookAt(page, 'consent-safety-briefing');
    await page.getByRole('radio', { name: '16 or over' }).check();
    await page.getByRole('button', { name: 'I have read the safety briefing' }).click();
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByRole('alert').getByText('No graffiti reports within 5 km of you.').waitFor();

    // Recording who gave consent: the form, refused without a name, then recorded.
    const record = card.getByRole('button', { name: `Record consent for the report at ${words}` });
    await record.click();
    const form = dialog.getByRole('form', { name: "Record the owner's consent" });
    await form.getByLabel('Who gave consent').waitFor();
    await lookAt(admin, 'owner-consent-form');
    await form.getByRole('button', { name: 'Record consent' }).click();
    await dialog.getByRole('alert').getByText('Please say who gave consent.').waitFor();
    await form.getByLabel('Who gave consent').fill('Factor of 12 Fictional Street');
    await form.getByRole('button', { name: 'Record consent' }).click();
    await toasts(admin).getByText("Owner's consent recorded").waitFor();
    await card.getByText("Owner's consent recorded").waitFor();
    await lookAt(admin, 'owner-consent-recorded-card');
    await card.getByRole('button', { name: `Owner's consent for the report at ${words}` }).click();
    await dialog.getByText('Factor of 12 Fictional Street').waitFor();
    await lookAt(admin, 'owner-consent-recorded-dialog');

    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByText('156 metres away').waitFor();
    await page.getByText(`///${words}`).waitFor();
  });

  it("a volunteer corrects a clean-up's time down, and is refused above the measured time", async () => {
    const db = t.server.database.db;
    const { page, volunteerId } = await t.volunteerPage('time.corrector@example.org');
    const reportId = await placeReport(db, { ...HERE, what3words: gridWordsAt(HERE.latitude, HERE.longitude) });
    const report = await db
      .selectFrom('reports')
      .select('photo_key')
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cleanups')
      .values({
        report_id: reportId,
        volunteer_id: volunteerId,
        completed_at: new Date().toISOString(),
        minutes_worked: 90,
        before_photo_key: report.photo_key,
        after_photo_key: report.photo_key,
        notes: null,
      })
      .execute();

    await page.goto(`${t.server.url}/volunteers/dashboard`);
    const sites = page.getByRole('region', { name: 'Sites Cleaned' });
    await sites.getByRole('button', { name: `Correct the time of site #${reportId}` }).click();
    const form = sites.getByRole('form', { name: `Correct the time of site #${reportId}` });
    const minutes = form.getByLabel('Minutes worked');
    await minutes.fill('120');
    await form.getByLabel('Why was it shorter?').fill('I claimed it before setting out from home.');
    await form.getByRole('button', { name: 'Save the time' }).click();
    await form
      .getByRole('alert')
      .getByText('The time can only be corrected down: at most the 90 minutes measured from claim to completion.')
      .waitFor();
    await expect.poll(() => minutes.getAttribute('aria-invalid')).toBe('true');
    await lookAt(page, 'cleanup-time-refused');

    await minutes.fill('60');
    await form.getByRole('button', { name: 'Save the time' }).click();
    await toasts(page).getByText('Clean-up time corrected').waitFor();
    await sites.getByText('1h 0m (corrected from 1h 30m)').waitFor();
    await sites.getByText('I claimed it before setting out from home.').waitFor();
    await expect.poll(() => form.count()).toBe(0);
    await lookAt(page, 'cleanup-time-corrected');
  });
});
