// Time and bags after a MUCU event: a volunteer recorded as attending logs their minutes and bags on the
// dashboard; it waits for approval and counts for nothing yet; the organiser corrects the minutes and
// approves it in Manage MUCU Events; the dashboard then counts the approved figures. The card and the
// dialog pass axe and are photographed at 390 and 1280 px.
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoAxeViolations, hasChromium, screenshot, toasts } from './support/browser.ts';
import { insertAttendance, insertEvent, useRecordHarness } from './support/volunteer-record.ts';

describe.skipIf(!hasChromium)('time and bags at a MUCU event', () => {
  const t = useRecordHarness();

  it('a volunteer logs, the organiser corrects and approves, and the dashboard counts it', async () => {
    const db = t.server.database.db;
    const eventId = await insertEvent(db, 'Inverleith Park', 3 * 3600_000);
    const { page, volunteerId } = await t.volunteerPage('kirsty@example.org');
    await insertAttendance(db, eventId, volunteerId);

    await page.goto(`${t.server.url}/volunteers/dashboard`);
    const card = page.getByRole('region', { name: 'Time and bags at MUCU events' });
    const form = card.getByRole('form', { name: 'Time and bags at Inverleith Park MUCU' });
    await form.getByLabel('Minutes').fill('150');
    await form.getByLabel('Bags').fill('3');
    await form.getByRole('button', { name: 'Save time and bags' }).click();
    await toasts(page)
      .getByText('Your time and bags are saved. They count once the organiser approves them.')
      .waitFor();
    await card.getByText('Waiting for approval:').waitFor();
    await expect.poll(() => card.locator('p').first().textContent()).toBe('Approved: 0h 0m, 0 bags.');
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-logs-card-390');

    const admin = { page: await t.adminPage() };
    await admin.page.goto(`${t.server.url}/volunteer-portal`);
    await admin.page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await admin.page.getByRole('button', { name: 'Manage MUCUs' }).click();
    await admin.page.getByRole('button', { name: 'Time and bags at Inverleith Park MUCU' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Time and bags: Inverleith Park MUCU' });
    const entry = dialog.getByRole('form', { name: 'Time and bags of kirsty' });
    await entry.getByText('Logged:').waitFor();
    await expectNoAxeViolations(admin.page);
    await screenshot(admin.page, 'event-logs-dialog-390');
    await entry.getByLabel('Minutes').fill('120');
    await entry.getByRole('button', { name: "Approve kirsty's entry" }).click();
    await dialog.getByText('Approved:').waitFor();
    await dialog.getByText('Logged as 2h 30m, 3 bags.').waitFor();
    await admin.page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(admin.page);
    await screenshot(admin.page, 'event-logs-dialog-1280');

    await page.reload();
    await expect.poll(() => card.locator('p').first().textContent()).toBe('Approved: 2h 0m, 3 bags.');
    await expect.poll(() => form.count()).toBe(0);
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page);
    await screenshot(page, 'event-logs-card-1280');
  });
});
