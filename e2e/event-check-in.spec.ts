// Checking in at a MUCU event on phones: the organiser opens the event's check-in from Manage MUCU
// Events and gets a QR code and a short code; a volunteer who is not signed in opens the QR code's link,
// signs in with the e-mailed code, comes back and is checked in; another volunteer types the code. The
// organiser's count goes up. Both screens pass axe and are photographed at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '#server/mail/mailer.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { readSignInMail } from '#tests/volunteers.ts';
import { DESKTOP, expectNoAxeViolations, hasChromium, screenshot } from './support/browser.ts';
import { insertEvent, useRecordHarness } from './support/volunteer-record.ts';

const EMAIL = 'checking.in@example.org';

describe.skipIf(!hasChromium)('checking in at a MUCU event', () => {
  let smtp: FakeSmtp;
  let eventId = 0;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useRecordHarness(() => ({
    mailer: smtpMailer(smtp.url, 'Clean Up Edinburgh <no-reply@cleanupedinburgh.org>', { ignoreTLS: true }),
  }));
  beforeAll(async () => {
    // Started ten minutes ago: check-in is open.
    eventId = await insertEvent(t.server.database.db, 'Leith Links', 10 * 60_000);
  });

  it('the organiser shows the code; a signed-out volunteer opens the link, signs in and is checked in once', async () => {
    const admin = await t.adminPage();
    await admin.goto(`${t.server.url}/volunteer-portal`);
    await admin.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await admin.getByRole('button', { name: 'Manage MUCUs' }).click();
    await admin.getByRole('link', { name: 'Open check-in for Leith Links MUCU' }).click();
    await admin.waitForURL(`${t.server.url}/volunteer-portal/events/${eventId}/check-in`);
    await admin.getByRole('heading', { level: 1, name: 'Check-in: Leith Links MUCU' }).waitFor();
    const qr = admin.getByRole('img', { name: 'QR code of the check-in link for Leith Links MUCU' });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await admin.getByRole('status').getByText('0 volunteers attending').waitFor();
    await expectNoAxeViolations(admin);
    await screenshot(admin, 'check-in-screen-390');

    // The link the QR code holds, as the phone's camera app would open it.
    const { link } = (await (
      await admin.request.get(`${t.server.url}/api/admin/mucus/${eventId}/check-in`)
    ).json()) as {
      link: string;
      code: string;
    };
    const path = new URL(link).pathname + new URL(link).search;

    const volunteer = await t.page();
    await volunteer.goto(`${t.server.url}${path}`);
    await volunteer.waitForURL(`${t.server.url}/volunteers/signin?next=${encodeURIComponent(path)}`);
    await volunteer.getByLabel('Email Address').fill(EMAIL);
    await volunteer.getByRole('button', { name: 'Sign In' }).click();
    const { code: signInCode } = readSignInMail((await smtp.waitFor(EMAIL)).text);
    await volunteer.getByLabel('6-digit code').fill(signInCode);
    await volunteer.getByRole('button', { name: 'Sign In' }).click();
    // Back at the link; checked in at once. A code read just before the minute turned still works.
    await volunteer.waitForURL((url) => url.pathname === `/events/${eventId}/check-in`);
    await volunteer.getByRole('heading', { name: 'Checked in' }).waitFor();
    await volunteer.getByText('You are checked in at Leith Links MUCU. Thank you for coming!').waitFor();
    await expectNoAxeViolations(volunteer);
    await screenshot(volunteer, 'check-in-done-390');

    // Opening it again does not count twice.
    await volunteer.reload();
    await volunteer.getByRole('heading', { name: 'Already checked in' }).waitFor();
    await admin.getByRole('status').getByText('1 volunteer attending').waitFor({ timeout: 20_000 });
  });

  it('a volunteer types the code; a wrong one is refused with the field kept; axe at 1280 px too', async () => {
    const admin = await t.adminPage(DESKTOP);
    await admin.goto(`${t.server.url}/volunteer-portal/events/${eventId}/check-in`);
    await admin.getByRole('img', { name: /QR code of the check-in link/ }).waitFor();
    await expectNoAxeViolations(admin);
    await screenshot(admin, 'check-in-screen-1280');

    const { page } = await t.volunteerPage('typist@example.org');
    await page.goto(`${t.server.url}/check-in`);
    const field = page.getByLabel('Check-in code');
    await field.fill('AAAAAA');
    await page.getByRole('button', { name: 'Check in' }).click();
    await page
      .getByRole('alert')
      .getByText(/That code is not right or has expired/)
      .waitFor();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'check-in-typed-wrong-390');

    const code = (await admin.locator('.font-mono').textContent())!.trim();
    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByText('You are checked in at Leith Links MUCU. Thank you for coming!').waitFor();
    await admin.getByRole('status').getByText('2 volunteers attending').waitFor({ timeout: 20_000 });

    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page);
    await screenshot(page, 'check-in-done-1280');
  });
});
