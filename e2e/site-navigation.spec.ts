// A visitor finds their way around the public site: the slide-in menu, installing the app (with the
// browser's prompt, or the Share-menu steps where there is none), the About page and the share links;
// the app is installable and opens with no signal once visited; no axe violations on the way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { siteSettings } from '#client/features/site/site-settings.ts';
import {
  CHROMIUM_FLAGS,
  DESKTOP,
  animationsFinished,
  PHONE,
  expectNoAxeViolations,
  findChromium,
  hasChromium,
  newPage,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const INSTALL_STEPS = 'To install Clean Up Edinburgh, tap Share, then Add to Home Screen, then Add.';

/** The header's menu button. While the drawer is open Radix hides the rest of the page from assistive tech. */
function menuButtonOf(page: Page) {
  return page.getByRole('button', { name: 'Open menu', includeHidden: true });
}

function isFocused(page: Page): Promise<boolean> {
  return menuButtonOf(page).evaluate((el) => el === document.activeElement);
}

describe.skipIf(!hasChromium)('finding your way around the public site', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('the menu opens from the keyboard and lists Report Graffiti, About, Find Graffiti Near Me, Graffiti Map, a divider, then Volunteer Dashboard', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(server.url);
    const menuButton = menuButtonOf(page);
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');

    // Skip link, the site name, then the menu button.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(page)).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
    // Focus moved into the drawer.
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    const links = menu.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect
      .poll(async () => (await links.allTextContents()).map((text) => text.trim()))
      .toEqual(['Report Graffiti', 'About', 'Find Graffiti Near Me', 'Graffiti Map', 'Volunteer Dashboard']);
    await expect
      .poll(() => links.evaluateAll((els) => els.map((el) => el.getAttribute('href'))))
      .toEqual(['/', '/about', '/volunteers', '/map', '/volunteer-dashboard']);
    // The divider sits between Graffiti Map and Volunteer Dashboard.
    await expect.poll(() => menu.getByRole('separator').count()).toBe(1);
    await expect
      .poll(() => menu.locator('a, hr, [role="separator"]').evaluateAll((els) => els.map((el) => el.tagName)))
      .toEqual(['A', 'A', 'A', 'A', 'HR', 'A']);
    // The page we are on is marked.
    await expect
      .poll(() => menu.getByRole('link', { name: 'Report Graffiti' }).getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(() => menu.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBeNull();
    // Every item is a comfortable touch target.
    for (const box of await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
      expect(box).toBeGreaterThanOrEqual(44);
    }
    await animationsFinished(page); // the slide-in, before the picture
    await screenshot(page, 'menu-open-home-390', { fullPage: false });

    // Escape closes it and gives the focus back to the menu button.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(page)).toBe(true);
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');

    // So does the close button.
    await menuButton.click();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(page)).toBe(true);

    // A link goes to its page and closes the drawer.
    await menuButton.click();
    await menu.getByRole('link', { name: 'About' }).click();
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe('About | Clean Up Edinburgh');
    expect(new URL(page.url()).pathname).toBe('/about');
    await menuButton.click();
    await expect.poll(() => menu.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    await expect
      .poll(() => menu.getByRole('link', { name: 'Report Graffiti' }).getAttribute('aria-current'))
      .toBeNull();
    await context.close();
  });

  it('the drawer slides in, and appears at once when the visitor asks for reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await newPage(browser, PHONE);
      await page.emulateMedia({ reducedMotion });
      await page.goto(server.url);
      await menuButtonOf(page).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      const style = await menu.evaluate((el) => {
        const computed = getComputedStyle(el);
        return { name: computed.animationName, seconds: parseFloat(computed.animationDuration) };
      });
      expect(style.name).toBe('drawer-in');
      if (reducedMotion === 'reduce') expect(style.seconds).toBeLessThan(0.001);
      else expect(style.seconds).toBeGreaterThan(0.1);
      await context.close();
    }
  });

  it('with the browser\'s install prompt captured, "Install the App" shows it', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // Chromium fires the event early, once: dispatch it as soon as the document is parsed.
    await page.addInitScript(() => {
      const w = window as unknown as { promptCalls: number; installEventPrevented: boolean };
      w.promptCalls = 0;
      document.addEventListener('DOMContentLoaded', () => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => {
            w.promptCalls += 1;
            return new Promise(() => {}); // headless Chromium's real prompt never settles either
          },
        });
        window.dispatchEvent(event);
        w.installEventPrevented = event.defaultPrevented;
      });
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(server.url);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { installEventPrevented: boolean }).installEventPrevented))
      .toBe(true);
    await page.getByRole('button', { name: 'Install the App' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('without an install prompt (iOS Safari), "Install the App" says to use Share, then Add to Home Screen, then Add', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Install the App' }).click();
    await expect.poll(() => dialogs).toEqual([`alert: ${INSTALL_STEPS}`]);
    await context.close();
  });

  it('the install button is hidden when the app already runs from the home screen', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // Chromium cannot emulate display-mode; answer the media query as an installed app's window would.
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        const result = original(query);
        if (query.includes('display-mode: standalone')) Object.defineProperty(result, 'matches', { value: true });
        return result;
      };
    });
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Report Graffiti' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Install the App' }).count()).toBe(0);
    await context.close();
  });

  it('Chromium finds the app installable: Page.getInstallabilityErrors is empty', async () => {
    // An ordinary context is incognito, which is never installable: use a profile on disk.
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-profile-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: findChromium()!,
      args: CHROMIUM_FLAGS,
      headless: true,
      viewport: PHONE,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(server.url);
      await page.getByRole('button', { name: 'Install the App' }).waitFor();
      const cdp = await context.newCDPSession(page);
      let errors: unknown[] = ['not checked yet'];
      await expect
        .poll(
          async () => {
            ({ installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors'));
            return errors;
          },
          { timeout: 15_000 },
        )
        .toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest', {});
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
        name: 'Clean Up Edinburgh',
        short_name: 'Clean Up Edi',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e3a5f',
        background_color: '#f7f3ea',
      });
    } finally {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  });

  it('the manifest, icons and service worker are served, the worker revalidated on every load', async () => {
    const manifestResponse = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as {
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await fetch(`${server.url}${icon.src}`);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      expect((await response.arrayBuffer()).byteLength, icon.src).toBeLessThan(30 * 1024);
    }
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    expect((await fetch(`${server.url}/sw.js`)).headers.get('content-type')).toMatch(/javascript/);
  });

  it('once visited, the app opens with no signal: the home page, the menu and the About page', async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorker: true });
    await page.goto(server.url);
    // The built app registers its worker a few seconds after the page has loaded.
    await expect
      .poll(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'),
        {
          timeout: 30_000,
        },
      )
      .toBe('activated');
    // The worker cached every script and style of the build, including those loaded on demand, and the page;
    // all but the map's library, which only the map page loads and which draws nothing without a network.
    const assets = fs
      .readdirSync(path.join(inject('clientDir'), 'assets'))
      .filter((name) => /\.(js|css)$/.test(name) && !name.startsWith('site-map-'))
      .map((name) => `/assets/${name}`);
    expect(assets.length).toBeGreaterThan(10);
    await expect
      .poll(() =>
        page.evaluate(async (list) => {
          const cached = await Promise.all(
            ['/index.html', ...list].map((url) => caches.match(url, { ignoreVary: true, ignoreSearch: true })),
          );
          return list.length + 1 - cached.filter(Boolean).length;
        }, assets),
      )
      .toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Submit Report' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Clean Up Edinburgh');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Clean Up Edinburgh' }).waitFor();
    // A page opened directly, offline, is the cached shell too.
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { level: 1, name: 'About Clean Up Edinburgh' }).waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it("a page whose code cannot be fetched says so and offers 'Try again', which opens it once it can be", async () => {
    const { context, page } = await newPage(browser, PHONE);
    const screenCode = /\/assets\/about-page-[^/]+\.js$/;
    await context.route(screenCode, (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}/about`);
    const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await failed.waitFor();
    await expect.poll(() => failed.textContent()).toContain('Check your connection, then try again.');
    await context.unroute(screenCode);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Clean Up Edinburgh' }).waitFor();
    await context.close();
  });

  it('the footer starts below the fold on every page, so nothing in view moves as a screen and its data arrive', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const pagePath of ['/volunteer-signin', '/no-such-page', '/about']) {
        const { context, page } = await newPage(browser, viewport);
        // Every layout shift from the page's start, as the browser counts them for Cumulative Layout Shift.
        await page.addInitScript(() => {
          const counted = window as unknown as { layoutShift: number };
          counted.layoutShift = 0;
          new PerformanceObserver((list) => {
            for (const shift of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!shift.hadRecentInput) counted.layoutShift += shift.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(`${server.url}${pagePath}`);
        await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
        await page.waitForFunction(() => document.querySelector('[aria-busy="true"], [data-busy]') === null);
        const footerTop = await page.getByRole('contentinfo').evaluate((el) => el.getBoundingClientRect().top);
        expect(footerTop, `${pagePath} at ${viewport.width} px`).toBeGreaterThanOrEqual(viewport.height);
        // Two frames, so the observer has been told of any shift the last drawing made.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const shifted = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
        expect(shifted, `${pagePath} at ${viewport.width} px`).toBe(0);
        await context.close();
      }
    }
  });

  it('the About page explains the three steps and links to donations and the contact e-mail', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`${server.url}/about`);
    await expect.poll(() => page.title()).toBe('About | Clean Up Edinburgh');
    const steps = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect
      .poll(async () => (await steps.getByRole('heading', { level: 2 }).allTextContents()).map((text) => text.trim()))
      .toEqual(['Step 1: Report', 'Step 2: Support', 'Step 3: Spread our Work']);
    const support = steps.nth(1);
    await support.getByText(/MUCU \(Meet Up Clean Up\) event/).waitFor();
    await expect
      .poll(() => support.getByRole('link', { name: 'Sign up to the newsletter' }).getAttribute('href'))
      .toBe(siteSettings.newsletterUrl);
    await expect.poll(() => steps.nth(0).getByRole('link', { name: 'Report graffiti' }).getAttribute('href')).toBe('/');
    await expect
      .poll(() => steps.nth(2).getByRole('link', { name: 'Share on Facebook (opens in a new tab)' }).count())
      .toBe(1);

    const donate = page.getByRole('link', { name: 'Donate (opens in a new tab)' });
    await expect.poll(() => donate.getAttribute('href')).toBe(siteSettings.donationUrl);
    await expect.poll(() => donate.getAttribute('target')).toBe('_blank');
    await expect.poll(() => donate.getAttribute('rel')).toContain('noopener');
    const contact = page.getByRole('link', { name: `E-mail us at ${siteSettings.contactEmail}` });
    await expect.poll(() => contact.getAttribute('href')).toBe(`mailto:${siteSettings.contactEmail}`);
    await context.close();
  });

  it('the home page shares the site on three social sites and links to the profile on a fourth, each in a new tab', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(server.url);
    const share = page.getByRole('region', { name: 'Spread the word' });
    const links = share.getByRole('link');
    // evaluateAll does not wait for the links: poll until the region has rendered them.
    const names = () => links.evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()));
    await expect
      .poll(names)
      .toEqual([
        'Share on Facebook (opens in a new tab)',
        'Share on X (opens in a new tab)',
        'Share on WhatsApp (opens in a new tab)',
        'Follow us on Instagram (opens in a new tab)',
      ]);
    const site = encodeURIComponent(`${server.url}/`);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
    expect(hrefs[0]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${site}`);
    expect(hrefs[1]).toMatch(/^https:\/\/x\.com\/intent\/post\?text=.*%23CleanUpEdinburgh/);
    expect(hrefs[1]).toContain(`&url=${site}`);
    expect(hrefs[2]).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(hrefs[2]!)).toContain(`${server.url}/`);
    expect(hrefs[3]).toBe('https://www.instagram.com/cleanupedinburgh');
    for (const link of await links.all()) {
      await expect.poll(() => link.getAttribute('target')).toBe('_blank');
      await expect.poll(() => link.getAttribute('rel')).toContain('noopener');
      await expect.poll(() => link.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  });

  it('the home and About pages have no axe violations at phone and desktop widths, with the menu closed and open', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const [name, pathname, ready] of [
        ['home', '/', 'Submit Report'],
        ['about', '/about', 'Open menu'],
      ] as const) {
        const { context, page } = await newPage(browser, viewport);
        await page.goto(`${server.url}${pathname}`);
        await page.getByRole('button', { name: ready }).waitFor();
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoAxeViolations(page);
        // Nothing sticks out sideways.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
          .toBeLessThanOrEqual(viewport.width);
        await screenshot(page, `site-${name}-${viewport.width}`);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await expectNoAxeViolations(page);
        if (name === 'about') await screenshot(page, `menu-open-${viewport.width}`, { fullPage: false });
        await context.close();
      }
    }
  });
});
