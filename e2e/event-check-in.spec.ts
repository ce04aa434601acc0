// Checking in at a MUCU event on phones: the organiser opens the event's check-in from Manage MUCU
// Events and gets a QR code and a short code; a volunteer who is not signed in opens the QR code's link,
// signs in with the e-mailed code, comes back and is checked in; another volunteer types the code. The
// organiser's count goes up. Both screens pass axe and are photographed at 390 and 1280 px.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { smtpMailer } from '#server/mail/mailer.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { readSignInMail } from '#tests/volunteers.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newAdminPage,
  newPage,
  PHONE,
  screenshot,
  startServer,
  type RunningServer,
} from './support/browser.ts';

const EMAIL = 'checking.in@example.org';

describe.skipIf(!hasChromium)('checking in at a MUCU event', () => {
  let browser: Browser;
  let server: RunningServer;
  let smtp: FakeSmtp;
  let eventId = 0;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        mailer: smtpMailer(smtp.url, 'Clean Up Edinburgh <no-reply@cleanupedinburgh.org>', { ignoreTLS: true }),
      }),
    ]);
    // Started ten minutes ago: check-in is open.
    eventId = (
      await server.database.db
        .insertInto('mucu_events')
        .values({
          name: 'Leith Links MUCU',
          location: 'Leith Links',
          date: new Date(Date.now() - 10 * 60_000).toISOString(),
          description: null,
          maps_link: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function organiser(viewport = PHONE): Promise<Page> {
    const { context, page } = await newAdminPage(browser, server, viewport);
    contexts.push(context);
    return page;
  }
  async function phone(): Promise<Page> {
    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    return page;
  }

  it('the organiser shows the code; a signed-out volunteer opens the link, signs in and is checked in once', async () => {
    const admin = await organiser();
    await admin.goto(`${server.url}/volunteer-portal`);
    await admin.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await admin.getByRole('button', { name: 'Manage MUCUs' }).click();
    await admin.getByRole('link', { name: 'Open check-in for Leith Links MUCU' }).click();
    await admin.waitForURL(`${server.url}/volunteer-portal/events/${eventId}/check-in`);
    await admin.getByRole('heading', { level: 1, name: 'Check-in: Leith Links MUCU' }).waitFor();
    const qr = admin.getByRole('img', { name: 'QR code of the check-in link for Leith Links MUCU' });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await admin.getByRole('status').getByText('0 volunteers attending').waitFor();
    await expectNoAxeViolations(admin);
    await screenshot(admin, 'check-in-screen-390');

    // The link the QR code holds, as the phone's camera app would open it.
    const { link } = (await (await admin.request.get(`${server.url}/api/admin/mucus/${eventId}/check-in`)).json()) as {
      link: string;
      code: string;
    };
    const path = new URL(link).pathname + new URL(link).search;

    const volunteer = await phone();
    await volunteer.goto(`${server.url}${path}`);
    await volunteer.waitForURL(`${server.url}/volunteers/signin?next=${encodeURIComponent(path)}`);
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
    const admin = await organiser(DESKTOP);
    await admin.goto(`${server.url}/volunteer-portal/events/${eventId}/check-in`);
    await admin.getByRole('img', { name: /QR code of the check-in link/ }).waitFor();
    await expectNoAxeViolations(admin);
    await screenshot(admin, 'check-in-screen-1280');

    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    const { cookies } = await volunteerSession(server.database, 'typist@example.org');
    await context.addCookies([{ name: 'cue_session', value: cookies.cue_session!, url: server.url }]);
    await page.goto(`${server.url}/check-in`);
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
