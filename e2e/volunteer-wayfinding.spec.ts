// A volunteer finds their way: distances read as people say them ('1 metre', '1.2 km'), the completion
// banner leads to the dashboard and the dashboard back to Find, the Alerts choices are one size and
// easy to tap, and a sign-in finished by the e-mailed link in another tab moves the waiting tab on too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { METRES_PER_DEGREE } from '#shared/domain/geo.ts';
import { gridWordsAt } from '#tests/places.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { keepingMailer, placeReport, readSignInMail } from '#tests/volunteers.ts';
import {
  DESKTOP,
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  pickFiles,
  screenshot,
  startServer,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
} from './support/browser.ts';

// Near the Tron Kirk on the Royal Mile.
const HERE = { latitude: 55.9498, longitude: -3.1881 };
const north = (metres: number) => HERE.latitude + metres / METRES_PER_DEGREE;

describe.skipIf(!hasChromium)('a volunteer finds their way around', () => {
  let browser: Browser;
  let server: RunningServer;
  const mailer = keepingMailer();

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ mailer })]);
    // One site a metre away and one past a kilometre.
    await placeReport(server.database.db, {
      latitude: north(1),
      longitude: HERE.longitude,
      what3words: gridWordsAt(north(1), HERE.longitude),
    });
    await placeReport(server.database.db, {
      latitude: north(1234),
      longitude: HERE.longitude,
      what3words: gridWordsAt(north(1234), HERE.longitude),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  async function signedInPage(viewport = PHONE, email = 'morag@example.org'): Promise<Page> {
    const context = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport,
      deviceScaleFactor: 1,
      locale: 'en-GB',
      geolocation: HERE,
      permissions: ['geolocation'],
    });
    contexts.push(context);
    await context.route(/openstreetmap\.org|w3w\.co/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title>' }),
    );
    const { cookies } = await volunteerSession(server.database, email);
    await context.addCookies([{ name: 'cue_session', value: cookies.cue_session!, url: server.url }]);
    return context.newPage();
  }

  it("the find page says '1 metre away' for a site a metre off, and '1.2 km away' past a kilometre", async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/volunteers`);
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByText('1 metre away', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Find another site' }).click();
    await page.getByText('1.2 km away', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-site-km-390');
  });

  it('after a clean-up the banner links to the dashboard, and the dashboard links back to Find Graffiti Near Me', async () => {
    const page = await signedInPage(PHONE, 'ewan@example.org');
    await page.goto(`${server.url}/volunteers`);
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByRole('button', { name: 'I want to clean it up' }).click();
    await page.getByRole('heading', { name: 'Upload Before & After Photos' }).waitFor();
    await pickFiles(page.getByLabel('Before photo'), { name: 'before.jpg', buffer: await plainJpeg(800, 600) });
    await pickFiles(page.getByLabel('After photo'), { name: 'after.jpg', buffer: await plainJpeg(800, 600) });
    await page.getByRole('button', { name: 'Upload photos' }).click();
    await page.getByRole('button', { name: 'Complete Cleanup' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Cleanup completed! Great job cleaning up Edinburgh!' });
    await banner.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'find-done-link-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'find-done-link-1280');

    await banner.getByRole('link', { name: 'See it on your dashboard' }).click();
    await page.waitForURL(`${server.url}/volunteers/dashboard`);
    await page.getByRole('heading', { name: 'Volunteer Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Site #\d+$/ }).waitFor();
    await screenshot(page, 'volunteer-dashboard-find-link-1280');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'volunteer-dashboard-find-link-390');
    await page.getByRole('main').getByRole('link', { name: 'Find Graffiti Near Me' }).click();
    await page.waitForURL(`${server.url}/volunteers`);

    // A clean-up skipped at the e-mail step is on nobody's record: the link says only where it goes.
    await page.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await page.getByRole('button', { name: 'I want to clean it up' }).click();
    await pickFiles(page.getByLabel('Before photo'), { name: 'before.jpg', buffer: await plainJpeg(800, 600) });
    await pickFiles(page.getByLabel('After photo'), { name: 'after.jpg', buffer: await plainJpeg(800, 600) });
    await page.getByRole('button', { name: 'Upload photos' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await banner.getByRole('link', { name: 'Go to your dashboard' }).waitFor();
  });

  it('the Alerts choices are all one size, at least 24 px, each in a row at least 44 px tall', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await signedInPage(viewport, `alerts-${viewport.width}@example.org`);
      await page.goto(`${server.url}/volunteers/dashboard`);
      const card = page.getByRole('region', { name: 'Alerts' });
      await card.getByRole('radio', { name: 'A daily digest' }).waitFor();
      // Both 'Where' choices drawn, so every radio of the card is measured.
      await card.getByRole('radio', { name: 'Only near a place I choose' }).check();
      const radios = await card.getByRole('radio').evaluateAll((inputs) =>
        inputs.map((input) => {
          const box = input.getBoundingClientRect();
          const row = input.closest('label')!.getBoundingClientRect();
          return { width: box.width, height: box.height, rowHeight: row.height };
        }),
      );
      expect(radios).toHaveLength(5);
      const sizes = new Set(radios.map((r) => `${r.width}x${r.height}`));
      expect([...sizes], `at ${viewport.width} px`).toHaveLength(1);
      expect(radios[0]!.width).toBeGreaterThanOrEqual(24);
      expect(radios[0]!.height).toBeGreaterThanOrEqual(24);
      for (const radio of radios) expect(radio.rowHeight).toBeGreaterThanOrEqual(44);
      await expectNoAxeViolations(page);
      await screenshot(page, `alerts-card-${viewport.width}`);
    }
  });

  it('a sign-in finished by the link in another tab moves the waiting tab on, as a sign-in there would', async () => {
    const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport: PHONE, locale: 'en-GB' });
    contexts.push(context);
    const waiting = await context.newPage();
    await waiting.goto(`${server.url}/volunteers/signin?next=%2Fvolunteers%2Fdashboard`);
    await waiting.getByLabel('Email Address').fill('fiona@example.org');
    await waiting.getByRole('button', { name: 'Sign In' }).click();
    await waiting.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    // The e-mail's link, opened in a second tab of the same browser.
    const mail = mailer.messages.findLast((message) => message.to === 'fiona@example.org')!;
    const { link } = readSignInMail(mail.text);
    const linkTab = await context.newPage();
    await linkTab.goto(`${server.url}/volunteers/signin/continue#${link.split('#')[1]}`);
    await linkTab.getByRole('button', { name: 'Continue' }).click();
    await linkTab.waitForURL(`${server.url}/volunteers/dashboard`);

    // The first tab notices without being touched, and goes where it was going.
    await waiting.waitForURL(`${server.url}/volunteers/dashboard`);
    await waiting.getByText('Welcome back, fiona@example.org!').waitFor();
  });
});
