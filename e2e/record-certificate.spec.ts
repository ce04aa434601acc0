// A volunteer downloads a certificate of their record from the dashboard: the PDF states their name,
// the period and the figures, and its check link opens a page that confirms only those figures; once
// withdrawn, the link confirms nothing. Axe-clean and photographed at 390 and 1280 px.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { pdfText } from '#tests/pdf-text.ts';
import { DESKTOP, expectNoAxeViolations, hasChromium, screenshot } from './support/browser.ts';
import { insertAttendance, insertEvent, useRecordHarness } from './support/volunteer-record.ts';

describe.skipIf(!hasChromium)('a certificate of a volunteer record', () => {
  const t = useRecordHarness();

  it('downloads the PDF, checks its text, opens the check link, and withdraws it', async () => {
    const db = t.server.database.db;
    const { page, volunteerId } = await t.volunteerPage('lorna@example.org');
    await db.updateTable('volunteers').set({ name: 'Lorna Fictional' }).where('id', '=', volunteerId).execute();
    const eventId = await insertEvent(db, 'The Meadows', 24 * 3600_000);
    await insertAttendance(db, eventId, volunteerId);
    const now = new Date().toISOString();
    await db
      .insertInto('event_logs')
      .values({
        mucu_id: eventId,
        volunteer_id: volunteerId,
        logged_minutes: 100,
        logged_bags: 4,
        logged_area_m2: null,
        minutes: 95,
        bags: 4,
        area_m2: null,
        status: 'approved',
        created_at: now,
        updated_at: now,
        approved_at: now,
      })
      .execute();

    await page.goto(`${t.server.url}/volunteers/dashboard`);
    const card = page.getByRole('region', { name: 'Your volunteer record' });
    await card.getByLabel('From').fill('2020-01-01');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download certificate' }).click(),
    ]);
    const file = await download.path();
    const text = pdfText(fs.readFileSync(file));
    expect(text).toEqual(
      expect.arrayContaining([
        'Volunteer record',
        'This certifies that Lorna Fictional',
        'Approved hours: 1h 35m',
        'Sites cleaned: 0',
        'MUCU events attended: 1',
      ]),
    );
    const link = text.find((line) => line.includes('/verify/'))!;
    expect(link).toMatch(/\/verify\/[A-Za-z0-9_-]{22}$/);
    await card.getByRole('list', { name: 'Certificates issued' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'record-card-390');

    // The check link, opened by anyone.
    const visitor = { page: await t.page() };
    const path = new URL(link).pathname;
    await visitor.page.goto(`${t.server.url}${path}`);
    await visitor.page.getByRole('heading', { name: 'This record is genuine' }).waitFor();
    const shown = await visitor.page.locator('main').innerText();
    expect(shown).toContain('1h 35m');
    expect(shown).not.toMatch(/Lorna|lorna@example\.org|Meadows/);
    await expectNoAxeViolations(visitor.page);
    await screenshot(visitor.page, 'verify-390');
    await visitor.page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(visitor.page);
    await screenshot(visitor.page, 'verify-1280');

    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page);
    await screenshot(page, 'record-card-1280');
    await card.getByRole('button', { name: /^Withdraw the certificate/ }).click();
    await expect.poll(() => card.getByRole('list', { name: 'Certificates issued' }).count()).toBe(0);
    await visitor.page.reload();
    await visitor.page
      .getByRole('alert')
      .getByText(/No certificate has this code/)
      .waitFor();
  });
});
