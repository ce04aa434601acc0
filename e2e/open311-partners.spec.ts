// An administrator issues an Open311 API key for a partner app (shown once, then listed by its last
// four characters and revocable), and refers a report to the body responsible for the wall, seeing
// the referral's state once it has been sent. A referral the council refuses says it could not be sent,
// with the council's answer, on the referrals card and on the report's card, and is withdrawn from
// there; a report a partner app made names the partner on its card. Checked with axe and photographed
// at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { submitReport } from '#tests/alerts.ts';
import { startFakeCouncil, type FakeCouncil } from '#tests/fake-council.ts';
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
  let council: FakeCouncil;
  const mail: MailMessage[] = [];

  beforeAll(async () => {
    council = await startFakeCouncil();
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        mailer: { send: async (message) => void mail.push(message) },
        referralBodies: [
          { id: 'network-rail', name: 'Network Rail', email: 'graffiti@networkrail.example' },
          {
            id: 'council',
            name: 'City of Edinburgh Council',
            open311: {
              url: council.url,
              apiKey: council.apiKey,
              serviceCodes: { graffiti: 'GRAF', 'graffiti-offensive': 'GRAF-OFF' },
            },
          },
        ],
      }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await council?.stop();
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

  it('shows a referral the council refused, on its card too, and withdraws it; names a partner app on its card', async () => {
    const { id: partnerReport } = await submitReport(server.app, { what3words: 'bleak.exhaust.jewel' });
    const key = await server.database.db
      .insertInto('open311_api_keys')
      .values({ name: 'FixMyStreet', key_hash: 'e'.repeat(64), key_hint: 'wxyz', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.database.db
      .insertInto('open311_partner_requests')
      .values({
        report_id: partnerReport,
        api_key_id: key.id,
        partner_name: 'FixMyStreet',
        created_at: new Date().toISOString(),
      })
      .execute();
    const { id } = await submitReport(server.app, { what3words: 'multiply.recipe.sadness' });
    council.mode = 'refuse';

    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newAdminPage(browser, server, viewport);
      const width = viewport === PHONE ? 390 : 1280;
      if (viewport === PHONE) {
        await analyticsTab(page);
        const card = page.getByRole('region', { name: 'Referrals to owners' });
        await card.getByRole('textbox', { name: 'Report reference' }).fill(String(id));
        await card
          .getByRole('combobox', { name: 'Responsible body' })
          .selectOption({ label: 'City of Edinburgh Council (Open311)' });
        await card.getByRole('button', { name: 'Refer to owner' }).click();
        await expect.poll(() => card.getByRole('listitem').first().textContent()).toContain(`Reference #${id}`);
        await server.app.outbox.drain();
      }
      // The report's card says so, and names the partner app on the other report.
      await page.goto(`${server.url}/volunteer-portal`);
      const refused = page.getByRole('article').filter({ hasText: 'multiply.recipe.sadness' }).first();
      await expect
        .poll(() => refused.textContent())
        .toContain('Referral:Could not be sent to City of Edinburgh Council');
      const fromPartner = page.getByRole('article').filter({ hasText: 'bleak.exhaust.jewel' }).first();
      await expect.poll(() => fromPartner.textContent()).toContain('From partner app:FixMyStreet');
      await refused.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await screenshot(page, `open311-failed-referral-card-${width}`, { fullPage: false });

      await analyticsTab(page);
      const card = page.getByRole('region', { name: 'Referrals to owners' });
      const referral = card.getByRole('listitem').filter({ hasText: `Reference #${id} to` });
      await expect.poll(() => referral.textContent()).toContain('Could not be sent');
      await expect.poll(() => referral.textContent()).toContain('is not a service here');
      await card.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await screenshot(page, `open311-failed-referral-${width}`, { fullPage: false });
      if (viewport === DESKTOP) {
        // From the keyboard: the withdraw button takes the focus and Enter presses it.
        await referral.getByRole('button', { name: `Withdraw the referral of reference #${id}` }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => referral.textContent()).toContain('Withdrawn: offered to volunteers again');
      }
      await context.close();
    }
    council.mode = 'accept';
  });
});
