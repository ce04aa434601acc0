// The accessibility check every browser test relies on finds what it should: a page's violations on
// the first check, new ones on a later check of the same page, and again on the next page; on the
// app's own pages it loads axe from the test server rather than through the protocol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  AXE_SCRIPT_PATH,
  axeViolations,
  hasChromium,
  launchBrowser,
  newPage,
  startServer,
  type RunningServer,
} from './support/browser.ts';

describe.runIf(hasChromium)('the accessibility check', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('reports violations on each check, of the page as it is then', async () => {
    const { context, page } = await newPage(browser);
    await page.setContent('<html lang="en"><title>Check</title><main><h1>Fine</h1><p>Plain text</p></main></html>');
    expect(await axeViolations(page)).toEqual([]);

    await page.evaluate(() => {
      document
        .querySelector('main')!
        .insertAdjacentHTML(
          'beforeend',
          '<button id="nameless"></button><p id="faint" style="color:#bbb;background:#fff">Faint text</p>',
        );
    });
    const found = await axeViolations(page);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^button-name: .*#nameless/),
        expect.stringMatching(/^color-contrast: .*#faint/),
      ]),
    );

    // A new document has no axe in it yet: the check puts it there again.
    await page.setContent('<html lang="en"><title>Next</title><main><h1>Next</h1><img src="x.png"></main></html>');
    expect(await axeViolations(page)).toEqual([expect.stringMatching(/^image-alt: /)]);
    await context.close();
  });

  it("on the app's pages loads axe from the server, once per page", async () => {
    const { context, page } = await newPage(browser);
    const fetched: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === AXE_SCRIPT_PATH) fetched.push(response.status());
    });
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(fetched).toEqual([200]);
    await context.close();
  });
});
