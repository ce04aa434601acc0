// A person on a phone reports graffiti from the home page and is thanked; accessibility on the way.
import { describe, expect, it } from 'vitest';
import type { Browser, FileChooser } from 'playwright-core';
import { plainJpeg } from '#tests/fixture-photos.ts';
import {
  PHONE,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  screenshot,
  useBrowserAndServer,
  toasts,
  type RunningServer,
  pickFiles,
} from './support/browser.ts';

describe.skipIf(!hasChromium)('reporting graffiti from a phone', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('the report button scrolls to the form, and a submitted report is thanked and stored', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(server.url);
    await expect.poll(() => page.title()).toBe('Report Graffiti | Clean Up Edinburgh');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Clean Up Edinburgh');
    await page.getByText(/restore the historic beauty of our city/).waitFor();

    const form = page.locator('#report');
    await expect.poll(() => form.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(PHONE.height * 0.5);
    await page.getByRole('button', { name: 'Report Graffiti' }).click();
    await expect.poll(() => form.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(40);

    await page.getByText('Please upload a photo to submit your report').waitFor();
    const photoInput = page.getByLabel('Photo of the graffiti');
    await expect.poll(() => photoInput.getAttribute('accept')).toBe('image/*');
    await expect.poll(() => photoInput.getAttribute('capture')).toBe('environment');
    await pickFiles(photoInput, { name: 'wall.jpg', buffer: await plainJpeg(800, 600) });
    await expect.poll(() => page.getByText('Please upload a photo to submit your report').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Three-word location' }).fill('///Rally.Census.Refuse');
    await screenshot(page, 'home-filled-phone');

    // Hold the upload so the pending label can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reports', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByRole('button', { name: 'Submitting Report...' }).waitFor();
    release();

    await toasts(page)
      .getByText('Thank you for helping to make Edinburgh cleaner! Our volunteers have been notified of your report', {
        exact: true,
      })
      .waitFor();
    await screenshot(page, 'home-thanked-phone');
    const rows = await server.database.db.selectFrom('reports').selectAll().execute();
    expect(rows).toHaveLength(1);
    // The focus lands on the receipt, not on the emptied form or the page.
    await expectFocused(page.getByRole('group', { name: `Your report's reference is #${rows[0]!.id}.` }));
    expect(rows[0]).toMatchObject({ what3words: 'rally.census.refuse', status: 'reported' });
    // The form is ready for the next report.
    await expect.poll(() => page.getByRole('textbox', { name: 'Three-word location' }).inputValue()).toBe('');
    await context.close();
  });

  it('submitting without a photo says "Photo required", and a blank location says "location is required"', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/#report`);
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText('Photo required', { exact: true }).waitFor();
    await toasts(page).getByText('Please select a photo before submitting.', { exact: true }).waitFor();

    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'wall.jpg', buffer: await plainJpeg() });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByRole('alert').filter({ hasText: 'location is required' }).waitFor();
    const field = page.getByRole('textbox', { name: 'Three-word location' });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('a report can be made with the keyboard alone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // Listening for the file chooser from the start has Chromium hand it to the test from the first key
    // press on, rather than racing the key against switching that on.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Report Graffiti' }).focus();
    await page.keyboard.press('Enter');
    // Focus moves to the report section; Tab reaches the photo input, then the location field. Each key
    // is pressed only once the focus is where a person would see it, however slow the machine.
    await expectFocused(page.getByRole('region', { name: 'Report graffiti' }));
    await page.keyboard.press('Tab');
    await expectFocused(page.getByLabel('Photo of the graffiti'));
    await page.keyboard.press('Space');
    await expect.poll(() => choosers.length).toBe(1);
    await choosers[0]!.setFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: await plainJpeg() });
    await page.getByText('Change photo').waitFor();
    await page.keyboard.press('Tab');
    await expectFocused(page.getByRole('button', { name: 'Change photo' }));
    await page.keyboard.press('Tab');
    const location = page.getByRole('textbox', { name: 'Three-word location' });
    await expectFocused(location);
    await page.keyboard.type('bleak.exhaust.jewel');
    await expect.poll(() => location.inputValue()).toBe('bleak.exhaust.jewel');
    await page.keyboard.press('Enter');
    await toasts(page)
      .getByText(/Thank you for helping to make Edinburgh cleaner!/)
      .waitFor();
    await context.close();
  });

  it('an unknown path shows the 404 page titled "404 Page Not Found", with a way home and no axe violations', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.title()).toBe('404 Page Not Found');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await expectNoAxeViolations(page);
    await screenshot(page, 'not-found-390');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('button', { name: 'Submit Report' }).waitFor();
    await context.close();
  });

  it('a path typed in capitals is its page, answered 200; a path matching no page is the 404 page, answered 404', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const about = await page.goto(`${server.url}/About`);
    expect(about?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('About | Clean Up Edinburgh');
    // The find page, which sends a visitor who is not signed in to sign in.
    const find = await page.goto(`${server.url}/VOLUNTEERS`);
    expect(find?.status()).toBe(200);
    await page.waitForURL(/\/volunteer-signin\?next=/);
    for (const path of ['/events/abc', '/about//']) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect.poll(() => page.title(), { message: path }).toBe('404 Page Not Found');
    }
    await context.close();
  });

  it('an event or a report status link that does not exist answers 404, and its page says it was not found', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const event = await page.goto(`${server.url}/events/999999`);
    expect(event?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    await screenshot(page, 'event-not-found-404-390');
    const report = await page.goto(`${server.url}/report/${'A'.repeat(43)}`);
    expect(report?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Report not found' }).waitFor();
    await context.close();
  });

  it('every route alias of the spec serves a page, not the 404', async () => {
    const { context, page } = await newPage(browser, PHONE);
    for (const path of [
      '/about',
      '/volunteers',
      '/volunteer',
      '/volunteer-backend',
      '/volunteer-signin',
      '/volunteers/signin',
      '/volunteers/dashboard',
      '/volunteer-dashboard',
      '/volunteer-portal',
    ]) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect.poll(() => page.title(), { message: path }).not.toBe('404 Page Not Found');
    }
    await context.close();
  });
});
