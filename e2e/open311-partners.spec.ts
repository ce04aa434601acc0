// An administrator issues an Open311 API key for a partner app (shown once, then listed by its last
// four characters and revocable), and refers a report to the body responsible for the wall, seeing
// the referral's state once it has been sent. Checked with axe and photographed at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { submitReport } from '#tests/alerts.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newAdminPage,
  screenshot,
  startServer,
  type RunningServer,
} from './support/browser.ts';

describe.skipIf(!hasChromium)('Open311 partners and referrals for administrators', () => {
  let browser: Browser;
  let server: RunningServer;
  const mail: MailMessage[] = [];

  beforeAll(async () => {
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        mailer: { send: async (message) => void mail.push(message) },
        referralBodies: [{ id: 'network-rail', name: 'Network Rail', email: 'graffiti@networkrail.example' }],
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function analyticsTab(page: Page) {
    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
  }

  it('issues a key shown once, then revokes it', async () => {
    const { context, page } = await newAdminPage(browser, server, DESKTOP);
    await analyticsTab(page);
    const card = page.getByRole('region', { name: 'Open311 API keys' });
    await card.getByRole('textbox', { name: 'Partner name' }).fill('FixMyStreet Edinburgh');
    await card.getByRole('button', { name: 'Issue API key' }).click();
    const shown = card.getByRole('status');
    await expect.poll(() => shown.textContent()).toContain('Copy it now: it will not be shown again.');
    const key = (await card.getByTestId('issued-api-key').textContent())!.trim();
    expect(key).toMatch(/^cue311_[A-Za-z0-9_-]{43}$/);
    const listed = card.getByRole('list', { name: 'API keys' }).getByRole('listitem').first();
    await expect.poll(() => listed.textContent()).toContain(`FixMyStreet Edinburgh (key ending ${key.slice(-4)})`);
    await expectNoAxeViolations(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'open311-keys-1280', { fullPage: false });

    // Once done, the key is gone from the page for good.
    await card.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(key).count()).toBe(0);
    await card.getByRole('button', { name: 'Revoke API key for FixMyStreet Edinburgh' }).click();
    await expect.poll(() => listed.textContent()).toContain('Revoked');
    await context.close();
  });

  it('refers a report to its owner and shows where the referral stands', async () => {
    const { id } = await submitReport(server.app, { what3words: 'rally.census.refuse' });
    const { context, page } = await newAdminPage(browser, server, PHONE);
    await analyticsTab(page);
    const card = page.getByRole('region', { name: 'Referrals to owners' });
    await card.getByRole('textbox', { name: 'Report reference' }).fill(String(id));
    await card.getByRole('combobox', { name: 'Responsible body' }).selectOption({ label: 'Network Rail (e-mail)' });
    await card.getByRole('button', { name: 'Refer to owner' }).click();
    const referral = card.getByRole('list', { name: 'Referrals' }).getByRole('listitem').first();
    await expect.poll(() => referral.textContent()).toContain(`Reference #${id} to Network Rail`);
    await expect.poll(() => referral.textContent()).toContain('Waiting to be sent');

    // The outbox sends it; the page shows the body's answer when it is next loaded.
    await server.app.outbox.drain();
    expect(mail.map((message) => message.to)).toContain('graffiti@networkrail.example');
    await page.reload();
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await expect.poll(() => referral.textContent()).toContain('Sent, waiting for the owner');
    await expect.poll(() => referral.textContent()).toContain('E-mailed to graffiti@networkrail.example.');
    await expectNoAxeViolations(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'open311-referrals-390', { fullPage: false });

    // Referring it again is refused in words.
    await card.getByRole('textbox', { name: 'Report reference' }).fill(String(id));
    await card.getByRole('combobox', { name: 'Responsible body' }).selectOption({ label: 'Network Rail (e-mail)' });
    await card.getByRole('button', { name: 'Refer to owner' }).click();
    await expect.poll(() => card.getByRole('alert').textContent()).toBe('This report has already been referred.');
    await context.close();
  });
});
