// Every screen of the app, as the people who use it open it, against the client built for this bench and
// served by the real app in-process:
//   - the JavaScript the browser loads before the screen's main content shows: every script response
//     of a fresh visit in Chromium, each body gzipped at level 9 (as Vite prints sizes) and summed;
//   - Lighthouse under its default mobile emulation (a mid-range phone on a slow 4G link, simulated),
//     over HTTP/2 with TLS as the deployment serves the app (see h2-proxy.ts).
// Signed-in screens are opened with a real session: a volunteer's through the sessions service (the
// rows the sign-in makes), the administrator's through the passcode call, each sent as a cookie.
import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '#tests/chromium.ts';
import { startLocalServer, type RunningServer } from '#tests/local-server.ts';
import { startHttp2Proxy } from './h2-proxy.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { placeReport } from '#tests/volunteers.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { seedReports, settleAfterLoad } from '../scripts/seed-reports.ts';

const ADMIN_PASSCODE = '123456';
const READY_TIMEOUT_MS = 30_000;
/** Lighthouse runs per screen; the median one is reported. */
const LIGHTHOUSE_RUNS = 3;

export type Visitor = 'anyone' | 'volunteer' | 'administrator';

export interface Screen {
  name: string;
  path: string;
  visitor: Visitor;
  /** Answered with 404, which Lighthouse refuses to score (its JS is still counted). */
  notFound?: true;
  /** What shows once the whole screen is drawn, after its main content (a map): its JS is counted in all too. */
  drawnWhen?: string;
}

export interface ScreenJs {
  screen: Screen;
  gzipBytes: number;
  files: { url: string; gzipBytes: number }[];
  /** For a screen with `drawnWhen`: every script it loaded by then, its worker's included. */
  whole?: { gzipBytes: number; files: number };
}

export interface ScreenLighthouse {
  screen: Screen;
  /** The median run's figures, and every run's performance score. */
  performance: number;
  runs: number[];
  /** Lighthouse's error for each run it could not finish, which was run again. */
  redone: string[];
  accessibility: number;
  /** The accessibility audits the median run failed, by Lighthouse's id (none when it scored 100). */
  failedAudits: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** One Lighthouse run's figures; the screen's row adds every run's score. */
type LighthouseRun = Omit<ScreenLighthouse, 'runs' | 'redone'>;

interface Site {
  server: RunningServer;
  screens: Screen[];
  cookies: Record<Visitor, Record<string, string>>;
}

/** The app on an empty database but for one event, one report (with its photo and a status link) and one volunteer. */
async function openSite(clientDir: string): Promise<Site> {
  const server = await startLocalServer({ clientDir, adminPasscode: ADMIN_PASSCODE });
  try {
    const { db } = server.database;
    const event = await db
      .insertInto('mucu_events')
      .values({
        name: 'Leith Walk MUCU',
        location: 'Leith Walk',
        date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        description: 'We meet by the Kirkgate and work up towards Pilrig.',
        maps_link: null,
        capacity: 20,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reportId = await placeReport(db, { latitude: 55.9533, longitude: -3.1883 });
    const token = crypto.randomBytes(32).toString('base64url');
    // The report's photo is stored as any report's is: a card whose photo cannot be found is the rarer
    // 'Photo Missing' state, and not the screen people see.
    const photoKey = await storePhoto(
      localPhotoStorage(path.join(server.dataDir, 'photos')),
      await processPhoto(await plainJpeg(640, 480)),
    );
    await db
      .updateTable('reports')
      .set({ status_token: token, photo_key: photoKey })
      .where('id', '=', reportId)
      .execute();
    const volunteer = await volunteerSession(server.database);
    const admin = await fetch(`${server.url}/api/admin/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ passcode: ADMIN_PASSCODE }),
    });
    const adminCookie = /cue_admin=([^;]+)/.exec(admin.headers.get('set-cookie') ?? '')?.[1];
    if (admin.status !== 200 || !adminCookie) throw new Error(`administrator sign-in answered ${admin.status}`);
    return {
      server,
      cookies: { anyone: {}, volunteer: volunteer.cookies, administrator: { cue_admin: adminCookie } },
      screens: [
        { name: 'Home', path: '/', visitor: 'anyone' },
        { name: 'About', path: '/about', visitor: 'anyone' },
        { name: 'Find a clean-up', path: '/volunteers', visitor: 'volunteer' },
        { name: 'Sign in', path: '/volunteer-signin', visitor: 'anyone' },
        { name: 'Volunteer dashboard', path: '/volunteers/dashboard', visitor: 'volunteer' },
        { name: 'Administrator dashboard', path: '/volunteer-portal', visitor: 'administrator' },
        { name: 'Report management', path: '/volunteer-dashboard', visitor: 'administrator' },
        { name: 'Events', path: '/events', visitor: 'anyone' },
        { name: 'One event', path: `/events/${event.id}`, visitor: 'anyone' },
        { name: 'Privacy', path: '/privacy', visitor: 'anyone' },
        { name: 'Graffiti map', path: '/map', visitor: 'anyone', drawnWhen: '.maplibregl-canvas' },
        { name: 'Report status', path: `/report/${token}`, visitor: 'anyone' },
        { name: 'Page not found', path: '/no-such-page', visitor: 'anyone', notFound: true },
      ],
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * The screen's main content is shown: a level-1 heading in <main>, and nothing on the page still
 * marked busy (aria-busy on the placeholders of a screen, a guard or a list; data-busy on a spinner).
 * The page itself notes the moment it first is, at the DOM change that made it so: a check from
 * outside lands a frame or more later, by when work started at idle may have asked for more scripts.
 */
// Written out as text: a function handed to the page would carry the helpers tsx adds to named
// functions, which the page does not have.
const noteWhenMainContentShows = `
  const observer = new MutationObserver(() => {
    const shown =
      document.querySelector('main h1') !== null && document.querySelector('[aria-busy="true"], [data-busy]') === null;
    if (!shown) return;
    window.mainContentShownAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
`;

/** The moment (on the page's clock) its main content first showed. */
async function mainContentShownAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as { mainContentShownAt?: number }).mainContentShownAt,
    undefined,
    {
      timeout: READY_TIMEOUT_MS,
    },
  );
  return (await handle.jsonValue()) as number;
}

/** The scripts the page asked for by `shownAt`, by path. */
async function scriptsRequestedBy(page: Page, shownAt: number): Promise<Set<string>> {
  const paths = await page.evaluate(
    (before) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= before && /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
        .map((entry) => new URL(entry.name).pathname),
    shownAt,
  );
  return new Set(paths);
}

/** The JS each screen loads before its main content shows, in a fresh Chromium context each. */
export async function measureScreensJs(clientDir: string): Promise<ScreenJs[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  const site = await openSite(clientDir);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const results: ScreenJs[] = [];
    for (const screen of site.screens) {
      // No service worker: its precache of every chunk is not what the screen needs to show.
      const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-GB' });
      await context.addCookies(
        Object.entries(site.cookies[screen.visitor]).map(([name, value]) => ({ name, value, url: site.server.url })),
      );
      if (screen.visitor === 'administrator') {
        await context.addInitScript(() => sessionStorage.setItem('adminAccess', 'true'));
      }
      await context.addInitScript({ content: noteWhenMainContentShows });
      const page = await context.newPage();
      const bodies = new Map<string, Promise<number>>();
      page.on('response', (response: Response) => {
        // A worker's script is not of the type 'script', but it is JavaScript the screen loads.
        if (!/\.m?js$/.test(new URL(response.url()).pathname)) return;
        bodies.set(
          new URL(response.url()).pathname,
          // A script asked for after the moment may still be loading when the page closes: not counted.
          response
            .body()
            .then((body) => zlib.gzipSync(body, { level: 9 }).length)
            .catch(() => Number.NaN),
        );
      });
      await page.goto(`${site.server.url}${screen.path}`, { waitUntil: 'commit' });
      const requested = await scriptsRequestedBy(page, await mainContentShownAt(page));
      const files = await Promise.all(
        [...requested].map(async (url) => {
          // A script asked for just before the moment may still be on its way.
          if (!bodies.has(url)) await page.waitForResponse((response) => new URL(response.url()).pathname === url);
          return { url, gzipBytes: await bodies.get(url)! };
        }),
      );
      const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
      let whole: ScreenJs['whole'];
      if (screen.drawnWhen) {
        await page.locator(screen.drawnWhen).first().waitFor({ timeout: READY_TIMEOUT_MS });
        await page.waitForLoadState('networkidle');
        const sizes = await Promise.all(bodies.values());
        whole = { gzipBytes: sizes.reduce((sum, size) => sum + size, 0), files: sizes.length };
      }
      results.push({ screen, files, gzipBytes, whole });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await site.server.close();
  }
}

/** Lighthouse (performance and accessibility) on every screen, then on the administrators' screens over `seededReports` reports. */
export async function lighthouseScreens(
  clientDir: string,
  seededReports: number,
  onScreen: (name: string) => void = () => undefined,
): Promise<ScreenLighthouse[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  const site = await openSite(clientDir);
  const proxy = await startHttp2Proxy(site.server.url);
  const browser = await puppeteer.launch({
    executablePath,
    args: [...CHROMIUM_FLAGS, '--ignore-certificate-errors'],
    headless: true,
  });
  try {
    const results: ScreenLighthouse[] = [];
    // Every screen on the empty database, then the administrators' screens (which list every report)
    // again once it holds `seededReports`.
    const overSeeded = `${seededReports.toLocaleString('en-GB')} reports`;
    // BENCH_LIGHTHOUSE_SCREENS (a pattern of the screens' names) runs some of them only, for a quicker
    // look at one screen; the table then holds those alone.
    const only = process.env.BENCH_LIGHTHOUSE_SCREENS ? new RegExp(process.env.BENCH_LIGHTHOUSE_SCREENS) : undefined;
    const runs = [
      ...site.screens.filter((screen) => !screen.notFound).map((screen) => ({ screen, seeded: false })),
      ...site.screens
        .filter((screen) => screen.visitor === 'administrator')
        .map((screen) => ({ screen: { ...screen, name: `${screen.name}, ${overSeeded}` }, seeded: true })),
    ].filter(({ screen }) => !only || only.test(screen.name));
    for (const [index, { screen, seeded }] of runs.entries()) {
      if (seeded && !runs[index - 1]?.seeded) {
        const { database, dataDir } = site.server;
        await seedReports(database.db, localPhotoStorage(path.join(dataDir, 'photos')), seededReports);
        await settleAfterLoad(database.db, database.dialect);
      }
      onScreen(screen.name);
      const each: LighthouseRun[] = [];
      const redone: string[] = [];
      while (each.length < LIGHTHOUSE_RUNS) {
        const run = await lighthouseOnce(browser, site, proxy.url, screen);
        if (!('error' in run)) {
          each.push(run);
          continue;
        }
        // A run Lighthouse could not finish (its page never painted, the protocol timed out) scores 0
        // and says nothing of the screen: it is run again, and named in the row.
        redone.push(run.error);
        if (redone.length > LIGHTHOUSE_RUNS)
          throw new Error(`Lighthouse failed on ${screen.path}: ${redone.join(', ')}`);
      }
      // The median run by performance: one run's score moves by several points with whatever else the
      // machine does (Lighthouse's own advice is the median of several).
      each.sort((a, b) => a.performance - b.performance);
      results.push({ ...each[Math.floor(each.length / 2)]!, runs: each.map((run) => run.performance), redone });
    }
    return results;
  } finally {
    await browser.close();
    await proxy.close();
    await site.server.close();
  }
}

/** One Lighthouse run on a screen, in a fresh browser context signed in as the screen's visitor. */
async function lighthouseOnce(
  browser: Browser,
  site: Site,
  origin: string,
  screen: Screen,
): Promise<LighthouseRun | { error: string }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // The session goes into this context's cookie jar: the browser's own (browser.setCookie) is the
  // default context's, which this page does not use, so it would be opened signed out.
  await context.setCookie(
    ...Object.entries(site.cookies[screen.visitor]).map(([name, value]) => ({
      name,
      value,
      domain: '127.0.0.1',
      path: '/',
      partitionKey: undefined,
    })),
  );
  if (screen.visitor === 'administrator') {
    await page.evaluateOnNewDocument(() => {
      try {
        sessionStorage.setItem('adminAccess', 'true');
      } catch {
        // about:blank has no storage of its own.
      }
    });
  }
  const result = await lighthouse(
    `${origin}${screen.path}`,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    undefined,
    page,
  );
  await context.close();
  if (!result) throw new Error(`Lighthouse returned no result for ${screen.path}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) return { error: runtimeError.code };
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    screen,
    performance: score('performance'),
    accessibility: score('accessibility'),
    failedAudits,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}
