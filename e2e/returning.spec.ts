// Coming back: to the find page in the middle of a clean-up, to the administrator dashboard after its
// session lapsed while the person is still signed in as a volunteer, and to a page on a signal that
// fails, where 'Try again' gets the person there once it is back.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { placeReport } from '#tests/volunteers.ts';
import { volunteerSession } from '#tests/sessions.ts';
import {
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
} from './support/browser.ts';

describe.skipIf(!hasChromium)('coming back to a page', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  async function signedInContext(
    email: string,
    options: { geolocation?: { latitude: number; longitude: number } } = {},
  ) {
    const { cookies } = await volunteerSession(server.database, email);
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
    });
    await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: server.url })));
    return context;
  }

  it('a volunteer who leaves the find page mid clean-up finds it again at the photos step, with a missing photo said plainly', async () => {
    // Its photo key names no stored file: the location step must say so in the spec's words.
    await placeReport(server.database.db, { latitude: 55.95, longitude: -3.1899, what3words: 'lost.photo.site' });
    const context = await signedInContext('returning@example.org', {
      geolocation: { latitude: 55.9501, longitude: -3.19 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/volunteers`);
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByText('Photo Missing', { exact: true }).waitFor();
    await page
      .getByText('The original photo for this location is no longer available. This may be a data recovery issue.')
      .waitFor();

    const mapTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'I want to clean it up' }).click();
    await (await mapTab).close();
    await page.bringToFront();
    await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();

    // Away and back through the menu, without reloading: the claimed site is still there.
    await page.getByRole('button', { name: 'Open Menu' }).click();
    await page.getByRole('link', { name: 'Volunteer Dashboard' }).click();
    await page.getByRole('heading', { name: 'Volunteer Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open Menu' }).click();
    await page.getByRole('link', { name: 'Find Graffiti Near Me' }).click();
    await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();
    await page.getByText('///lost.photo.site').waitFor();
    await context.close();
  });

  it('an administrator whose passcode session lapsed, still signed in as a volunteer, is sent to sign in again', async () => {
    const context = await signedInContext('lapsed.admin@example.org');
    const page = await context.newPage();
    await page.addInitScript(() => {
      if (location.pathname === '/volunteer-portal') sessionStorage.setItem('adminAccess', 'true');
    });
    await page.goto(`${server.url}/volunteer-portal`);
    await page.waitForURL(/\/volunteer-signin$/);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('adminAccess'))).toBeNull();
    await expect.poll(() => page.getByText('The dashboard could not be opened').count()).toBe(0);
    await context.close();
  });

  it('when the dashboard or the sign-in check cannot be loaded, the page says so and Try again recovers', async () => {
    const context = await signedInContext('patchy.signal@example.org');
    const page = await context.newPage();
    let failing = true;
    await page.route('**/api/volunteers/dashboard', (route) =>
      failing ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto(`${server.url}/volunteers/dashboard`);
    const problem = page.getByRole('alert').filter({ hasText: 'Your dashboard could not be loaded.' });
    await problem.waitFor();
    await expect.poll(() => problem.innerText()).toContain('Check your connection, then try again.');
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-load-failed-390');
    failing = false;
    await problem.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Your MUCU events' }).waitFor();
    await expect.poll(() => problem.count()).toBe(0);

    // The sign-in check itself fails: the whole page says so, and Try again asks again.
    let checkFails = true;
    await page.route('**/api/volunteers/auth/me', (route) =>
      checkFails ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.reload();
    const check = page.getByRole('alert').filter({ hasText: 'We could not check your sign-in' });
    await check.waitFor();
    await expect
      .poll(() => check.getByRole('heading', { level: 1 }).innerText())
      .toBe('We could not check your sign-in');
    checkFails = false;
    await check.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Volunteer Dashboard', level: 1 }).waitFor();
    await context.close();
  });
});
