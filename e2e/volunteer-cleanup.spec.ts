// A volunteer on a phone signs in with the code from the e-mail, finds the nearest of three reported
// sites from a (fake) position, cleans it with before and after photos, and sees it on their dashboard.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gridWordsAt } from '#tests/places.ts';
import type { Browser, BrowserContext } from 'playwright-core';
import { plainJpeg, png } from '#tests/fixture-photos.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { readSignInMail } from '#tests/volunteers.ts';
import { smtpMailer } from '#server/mail/mailer.ts';
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  screenshot,
  startServer,
  toasts,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
  pickFiles,
} from './support/browser.ts';

// The volunteer stands at the foot of the Castle Esplanade; the three sites are 156 m, 556 m and
// 2,224 m away (due north or south, so the distances are R x the latitude difference in radians).
const HERE = { latitude: 55.9486, longitude: -3.1999 };
// Real locations of the grid at each site (the words are checked when the report is made).
const SITES = [
  { latitude: HERE.latitude - 0.005, metres: 556 },
  { latitude: HERE.latitude + 0.0014, metres: 156 },
  { latitude: HERE.latitude + 0.02, metres: 2224 },
].map((site) => ({ ...site, words: gridWordsAt(site.latitude, HERE.longitude) }));
const JUST_UP_HILL = SITES[1]!.words;
const EMAIL = 'isla.volunteer@example.org';

describe.skipIf(!hasChromium)('a volunteer finds, cleans and records a site', () => {
  let browser: Browser;
  let server: RunningServer;
  let smtp: FakeSmtp;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    [browser, server] = await Promise.all([
      launchBrowser(),
      startServer({
        mailer: smtpMailer(smtp.url, 'Clean Up Edinburgh <no-reply@cleanupedinburgh.org>', { ignoreTLS: true }),
      }),
    ]);
    // Three reports made the way the public makes them, each with the reporter's position.
    for (const site of SITES) {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(await plainJpeg(640, 480))], { type: 'image/jpeg' }), 'wall.jpg');
      form.append('what3words', site.words);
      form.append('latitude', String(site.latitude));
      form.append('longitude', String(HERE.longitude));
      const response = await fetch(`${server.url}/api/reports`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      ids.set(site.words, ((await response.json()) as { id: number }).id);
    }
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

  async function phoneContext(viewport = PHONE): Promise<BrowserContext> {
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport,
      deviceScaleFactor: 1,
      locale: 'en-GB',
      geolocation: HERE,
      permissions: ['geolocation'],
    });
    // The map link opens in a new tab; there is no internet here, so answer it locally.
    contexts.push(context);
    await context.route(/openstreetmap\.org|w3w\.co/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title>' }),
    );
    return context;
  }

  it('signs in with the e-mailed code, cleans the nearest site with two photos, and sees it on the dashboard', async () => {
    const context = await phoneContext();
    const page = await context.newPage();

    // Signed out, the find page sends the volunteer to sign in, and back afterwards.
    await page.goto(`${server.url}/volunteers`);
    await page.waitForURL(/\/volunteer-signin\?next=%2Fvolunteers$/);
    await page.getByRole('tab', { name: 'Volunteer' }).waitFor();
    await page.getByRole('tab', { name: 'Administrator' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page
      .getByText(
        'New volunteers are registered automatically at first sign-in. Returning volunteers use the same e-mail address.',
      )
      .waitFor();

    // No address: the spec's toast.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toasts(page).getByText('Email Required', { exact: true }).waitFor();
    await toasts(page).getByText('Please enter your email address to continue.').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'volunteer-signin-390');

    await page.getByLabel('Email Address').fill(EMAIL);
    await page.getByLabel('Name (optional)').fill('Isla');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/volunteers/auth/signin', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Signing In...' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'volunteer-signin-code-390');

    const { code } = readSignInMail((await smtp.waitFor(EMAIL)).text);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/volunteers`);

    // Before the first claim of the year: the safety briefing, with the age band asked once.
    await page.getByRole('heading', { name: 'Safety briefing', level: 2 }).waitFor();
    await page.getByText(/Wear gloves and eye protection/).waitFor();
    await page.getByText(/Never clean alone at night/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Find Nearest Graffiti' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'safety-briefing-390');
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page);
    await screenshot(page, 'safety-briefing-1280');
    await page.setViewportSize(PHONE);
    await page.getByRole('radio', { name: '16 or over' }).check();
    await page.getByRole('button', { name: 'I have read the safety briefing' }).click();
    await expect
      .poll(() => server.database.db.selectFrom('volunteer_safety').select('age_band').execute())
      .toEqual([{ age_band: '16-or-over' }]);

    // The find page.
    await page.getByRole('heading', { name: 'Find graffiti near me', level: 1 }).waitFor();
    const find = page.getByRole('button', { name: 'Find Nearest Graffiti' });
    await find.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-390');

    await find.click();
    await page.getByText('156 metres away').waitFor();
    await page.getByText(`///${JUST_UP_HILL}`).waitFor();
    await page
      .getByRole('img', { name: `Graffiti at ///${JUST_UP_HILL}` })
      .evaluate((img: HTMLImageElement) =>
        img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
      );
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-site-390');

    // Tap for full size.
    await page.getByRole('button', { name: /Tap for full size/ }).click();
    await page.getByRole('dialog', { name: `Graffiti at ///${JUST_UP_HILL}` }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    // 'I want to clean it up' opens the map in a new tab, claims the site and moves on.
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'I want to clean it up' }).click();
    const mapTab = await popup;
    expect(mapTab.url()).toContain('openstreetmap.org/?mlat=55.950000&mlon=-3.199900');
    // Back from the map to the app's tab (a hidden tab runs no transitions, which axe would measure).
    await mapTab.close();
    await page.bringToFront();
    await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();
    const siteId = ids.get(JUST_UP_HILL)!;
    await expect
      .poll(() =>
        server.database.db.selectFrom('reports').select('status').where('id', '=', siteId).executeTakeFirstOrThrow(),
      )
      .toEqual({
        status: 'cleaning',
      });

    // A reload during the clean-up comes back to the photos step of the volunteer's own site.
    await page.reload();
    await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();
    await page.getByText(`///${JUST_UP_HILL}`).waitFor();
    const upload = page.getByRole('button', { name: 'Upload photos' });
    await expect.poll(() => upload.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Tap to add photo').count()).toBe(2);
    await pickFiles(page.getByLabel('Before photo'), { name: 'before.jpg', buffer: await plainJpeg(800, 600) });
    await expect.poll(() => upload.isDisabled()).toBe(true);
    await pickFiles(page.getByLabel('After photo'), { name: 'after.png', buffer: await png(800, 600) });
    await expect.poll(() => upload.isDisabled()).toBe(false);
    // The axe check first lets the button's colour change from its disabled grey finish.
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-photos-390');
    await upload.click();

    // The e-mail step, pre-filled with the signed-in volunteer's address.
    await page.getByRole('heading', { name: 'Almost done!' }).waitFor();
    const emailField = page.getByLabel('Your e-mail address');
    await expect.poll(() => emailField.inputValue()).toBe(EMAIL);
    const completeButton = page.getByRole('button', { name: 'Complete Cleanup' });
    await emailField.fill('');
    await expect.poll(() => completeButton.isDisabled()).toBe(true);
    await emailField.fill(EMAIL);
    await page.getByRole('button', { name: 'Skip' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-email-390');

    // The volunteer started 47 minutes ago (the claim is moved back rather than waiting).
    await server.database.db
      .updateTable('reports')
      .set({ cleaning_started_at: new Date(Date.now() - 47 * 60_000 - 5_000).toISOString() })
      .where('id', '=', siteId)
      .execute();
    await completeButton.click();
    await page.getByText('Cleanup completed! Great job cleaning up Edinburgh!').waitFor();
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).waitFor();
    await screenshot(page, 'find-done-390');
    const cleanup = await server.database.db
      .selectFrom('cleanups')
      .innerJoin('volunteers', 'volunteers.id', 'cleanups.volunteer_id')
      .select(['cleanups.report_id', 'cleanups.minutes_worked', 'volunteers.email'])
      .executeTakeFirstOrThrow();
    expect(cleanup).toEqual({ report_id: siteId, minutes_worked: 47, email: EMAIL });

    // The dashboard card.
    await page.goto(`${server.url}/volunteers/dashboard`);
    await page.getByRole('heading', { name: 'Volunteer Dashboard', level: 1 }).waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Site #${siteId}` }) });
    await card.waitFor();
    await card.getByText('0h 47m').waitFor();
    await card.getByText('Completed', { exact: true }).waitFor();
    await expect.poll(() => card.getByRole('link', { name: /Before/ }).getAttribute('target')).toBe('_blank');
    await page.getByText('Welcome back, Isla!').waitFor();
    const badge = page.locator('[data-badge-type="first_cleanup"]');
    await badge.getByText('First clean-up').waitFor();
    await page.getByText('No MUCUs attended yet').waitFor();
    // Every image in view has loaded (a lazy one below the fold loads only when scrolled to).
    await Promise.all(
      (await page.locator('img').all()).map((img) =>
        img.evaluate((el: HTMLImageElement) =>
          el.complete || (el.loading === 'lazy' && el.getBoundingClientRect().top > window.innerHeight)
            ? undefined
            : new Promise((resolve) => el.addEventListener('load', resolve, { once: true })),
        ),
      ),
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'volunteer-dashboard-390');

    // Sharing without a share sheet copies the details.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await card.getByRole('button', { name: 'Share This Cleanup' }).click();
    await toasts(page).getByText('Cleanup details copied to clipboard.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`///${JUST_UP_HILL}`);
    expect(copied).toContain('#CleanUpEdinburgh');

    // Desktop: two columns.
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'volunteer-dashboard-1280');
    await page.goto(`${server.url}/volunteers`);
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).waitFor();
    await screenshot(page, 'find-1280');

    // Logout ends the session; the dashboard then sends the visitor to sign in.
    await page.goto(`${server.url}/volunteers/dashboard`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/volunteers/dashboard`);
    await page.waitForURL(/\/volunteers\/signin\?next=%2Fvolunteers%2Fdashboard$/);
  });

  it("the e-mailed link opens a page whose one 'Continue' button signs in", async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    const response = await fetch(`${server.url}/api/volunteers/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'link.user@example.org', next: '/volunteers/dashboard' }),
    });
    expect(response.status).toBe(200);
    const { link } = readSignInMail((await smtp.waitFor('link.user@example.org')).text);
    await page.goto(`${server.url}/volunteers/signin/continue#${link.split('#')[1]}`);
    const proceed = page.getByRole('button', { name: 'Continue' });
    await proceed.waitFor();
    // Opening the page spent nothing; the token left the address bar.
    await expect.poll(() => page.url()).toBe(`${server.url}/volunteers/signin/continue`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'signin-link-390');
    await proceed.click();
    await page.waitForURL(`${server.url}/volunteers/dashboard`);
    await page.getByText('No sites cleaned yet').waitFor();
    await page.getByText('Anonymous Volunteer').waitFor();
    await page.getByText('No achievements yet').waitFor();
  });

  it('the sign-in page at desktop width, with the Administrator tab', async () => {
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: DESKTOP,
      deviceScaleFactor: 1,
      locale: 'en-GB',
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/volunteers/signin`);
    await page.getByRole('tab', { name: 'Administrator' }).click();
    await page.getByRole('button', { name: 'Administrator Access' }).waitFor();
    await expect.poll(() => page.getByLabel('Access Code').getAttribute('maxlength')).toBe('6');
    await expectNoAxeViolations(page);
    await screenshot(page, 'volunteer-signin-admin-1280');
  });
});
