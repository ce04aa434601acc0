// Real browser, real server: Chromium driven by playwright-core against the built app on a free port,
// on a fresh SQLite database in a temporary DATA_DIR (tests/local-server.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest';
import { CHROMIUM_FLAGS, findChromium } from '#tests/chromium.ts';
import { startLocalServer, type RunningServer, type ServerOptions } from '#tests/local-server.ts';

/** The administrator passcode of the servers the browser tests start. */
export const E2E_ADMIN_PASSCODE = '135790';

export { CHROMIUM_FLAGS, findChromium };

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** True when browser tests can run; false means the suite is skipped (global setup already said so). */
export const hasChromium = Boolean(findChromium());

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_FLAGS, headless: true });
}

export type { RunningServer, ServerOptions };

export function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startLocalServer({ clientDir: inject('clientDir'), adminPasscode: E2E_ADMIN_PASSCODE }, options);
}

/**
 * Starts a browser and a fresh server before the enclosing describe's tests and closes both after;
 * `take` receives them, so a spec keeps plain `browser` and `server` variables.
 */
export function useBrowserAndServer(
  take: (started: { browser: Browser; server: RunningServer }) => void,
  options: ServerOptions = {},
): void {
  let started: { browser: Browser; server: RunningServer } | undefined;
  beforeAll(async () => {
    const [browser, server] = await Promise.all([launchBrowser(), startServer(options)]);
    started = { browser, server };
    take(started);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.close();
  });
}

/**
 * Context options for a test that does not look at the offline shell: see `newPage`. Spread into a
 * context a test makes itself.
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

/**
 * A fresh context and page. The app's service worker (the offline shell) is left out unless a test asks
 * for it: in a fresh context it would install and download every script of the build for each page a
 * test opens, a fifth of the browser's work in the suite, for nothing the test looks at. The offline
 * tests, and the one that proves the shell opens with no signal, ask for it.
 */
export async function newPage(
  browser: Browser,
  viewport = PHONE,
  { serviceWorker = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-GB',
    ...(serviceWorker ? {} : WITHOUT_SERVICE_WORKER),
  });
  const page = await context.newPage();
  describeOnFailure(page);
  return { context, page };
}

/**
 * If the running test fails, prints what the page showed (its accessibility tree and where the focus
 * was) and what went wrong in it (errors, warnings, refused requests), so a failure on a busy CI
 * machine can be read without running it again.
 */
function describeOnFailure(page: Page): void {
  const events: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      events.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => events.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      events.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  onTestFailed(async () => {
    if (page.isClosed()) return;
    const shown = await page
      .locator('body')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((error: Error) => `(no snapshot: ${error.message})`);
    const focused = await page
      .evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing')
      .catch(() => 'unknown');
    console.error(
      [`The page at ${page.url()} when the test failed:`, shown, `Focus: ${focused}`, ...events.slice(-30)].join('\n'),
    );
  });
}

/**
 * A fresh context and page signed in as administrator, as the sign-in page leaves a browser: the
 * session cookie from the passcode, and the session-storage flag the client reads before it asks.
 */
export async function newAdminPage(
  browser: Browser,
  server: RunningServer,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  const response = await context.request.post(`${server.url}/api/admin/auth`, {
    data: { passcode: E2E_ADMIN_PASSCODE },
  });
  expect(response.status()).toBe(200);
  await page.addInitScript(() => sessionStorage.setItem('adminAccess', 'true'));
  return { context, page };
}

/** A file a test picks in a file input: its name (whose extension gives its type) and its bytes. */
export type PickedFile = { name: string; buffer: Buffer };

/**
 * Picks `files` in the file input `input` as a person does: from files on disk, each under its own name.
 * Chromium reads a file given by path itself, and takes its type from the extension as a phone's file
 * picker does; bytes given to Playwright instead are carried to the page as base64 and decoded by
 * script there, which took 9 s for an 11 MB photo and 2 s for a camera's 3 MB one on a busy machine
 * (a path: 0.2 s and 0.06 s). The files stay until the run ends (the global setup's folder), since the
 * page reads them only when it uses them.
 */
export async function pickFiles(input: Locator, ...files: PickedFile[]): Promise<void> {
  const paths = files.map(({ name, buffer }) => {
    const file = path.join(fs.mkdtempSync(path.join(inject('pickedFilesDir'), 'f-')), name);
    fs.writeFileSync(file, buffer);
    return file;
  });
  await input.setInputFiles(paths);
}

/** The visible toast area (Radix also repeats a toast's text in a screen-reader live region). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

/**
 * Resolves once every finite animation and transition on the page has finished (a drawer's slide-in, a
 * toast's fade, a button's colour change); a spinner's runs forever and is left alone. Reading the
 * animations makes the browser apply pending style changes first, so one just triggered is included.
 * The page's own frames are watched until none is running: an animation's `finished` promise is settled
 * only when the browser draws its element, and one whose element the browser skips drawing never
 * settles though the animation ends.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () =>
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    // A hidden tab draws no frames, and runs no transitions either.
    if (document.visibilityState !== 'visible') {
      await Promise.all(finite().map((animation) => animation.finished.catch(() => undefined)));
      return;
    }
    // Two frames first: a change the page has not drawn yet (a resize, a state just set) starts its
    // transitions there. Then a frame at a time until no animation is still running.
    for (let frames = 0; frames < 2 || finite().some((animation) => animation.playState === 'running'); frames++)
      await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

/**
 * Waits until `target` holds the keyboard focus. A key pressed before focus has arrived goes to the
 * wrong element on a busy machine, so keyboard journeys wait for the focus, never for time.
 */
export async function expectFocused(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((element) => element === document.activeElement), { timeout: 15_000 })
    .toBe(true);
}

/**
 * Waits until the keyboard focus is inside `container`: a dialog has finished opening (its focus trap
 * and its Escape handling are in place together) only once it has taken the focus. A key pressed
 * before then goes to whatever was open underneath.
 */
export async function expectFocusWithin(container: Locator): Promise<void> {
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)), { timeout: 15_000 })
    .toBe(true);
}

/**
 * Where the test servers serve axe-core's own script: the browser tests' build of the client carries a
 * copy (see global-setup.ts), so a page loads it from its own origin like any other script. Chromium
 * then reads it from its cache and keeps its compiled code for the next page of the same context;
 * sent through the DevTools protocol instead, the same 580 kB were carried and compiled afresh for every
 * page, most of each first check's time.
 */
export const AXE_SCRIPT_PATH = '/axe-core.min.js';
export const axeScriptFile = () => createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Puts axe into the page once per document: from the server, or, with no signal, through the protocol. */
async function putAxeIn(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page
    .addScriptTag({ url: AXE_SCRIPT_PATH })
    .catch(() => page.evaluate(fs.readFileSync(axeScriptFile(), 'utf8')));
}

/**
 * axe-core's violations on the page, as one line each. axe runs in the page itself with its default
 * rules (the app has no frames from other sites, which is what a cross-frame run is for), is put into
 * the document once and kept there for the next check, and only the violations' names and elements
 * come back: Deque's Playwright wrapper injected the whole script again for every check and carried
 * every result back, three quarters of each check's time.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await putAxeIn(page);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: { resultTypes: string[] },
        ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
}

/** axe finds no violations on the page once it has settled. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A toast half way through fading in or out, or a panel still moving after a resize, has for that
  // moment too little contrast. The check waits for finished animations and, if something was still
  // on its way, checks again: a violation that stays fails the test as before.
  const violations = async () => {
    await animationsFinished(page);
    return axeViolations(page);
  };
  await expect.poll(violations, { timeout: 60_000, interval: 250 }).toEqual([]);
}

/**
 * With SCREENSHOTS=1, writes test-results/screenshots/NAME.png: the whole page, or just the viewport (an
 * open drawer). The pictures are for people to look at after changing a screen; no test reads them.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = path.resolve(import.meta.dirname, '../../test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}
