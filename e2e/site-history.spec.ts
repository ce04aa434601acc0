// Each wall's history in the browser: an administrator opens a re-tagged site's history on its report
// card from the keyboard ('Reported 2 times since October, last cleaned 12 days ago'); the analytics'
// 'Most re-tagged sites' says when there are none, then lists them, most often tagged first; and
// anyone says 'It's back' on a cleaned site opened from the public map's list, which makes a new
// report of the same site. axe and screenshots at a phone's and a desk's width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { gridWordsAt } from '#tests/places.ts';
import { startTileServer, type TileServer } from '#tests/tile-server.ts';
import { siteMessages } from '#shared/domain/site-messages.ts';
import {
  DESKTOP,
  E2E_ADMIN_PASSCODE,
  PHONE,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newAdminPage,
  newPage,
  pickFiles,
  screenshot,
  startServer,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** An instant `days` (and `hours`) before now. */
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * HOUR).toISOString();

const CITY = 'Europe/London';
/** 'October', or 'October 2025' when not this year: the month as the city's calendar has it. */
function cityMonth(iso: string): string {
  const year = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: CITY, year: 'numeric' }).format(at);
  const month = new Intl.DateTimeFormat('en-GB', { timeZone: CITY, month: 'long' }).format(new Date(iso));
  return year(new Date(iso)) === year(new Date()) ? month : `${month} ${year(new Date(iso))}`;
}
/** '27/11/2026' on the city's calendar. */
const cityDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: CITY, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(iso),
  );

/** Reports, their cleaning and 'It's back', made through the API as the app's own pages make them. */
function siteActions(server: () => RunningServer) {
  let adminCookie: string | undefined;
  async function admin() {
    if (adminCookie) return adminCookie;
    const signIn = await server().app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: E2E_ADMIN_PASSCODE },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    adminCookie = signIn.cookies.find((cookie) => cookie.name === 'cue_admin')!.value;
    return adminCookie;
  }
  async function send(url: string, what3words: string) {
    const { payload, headers } = await multipartBody(
      { what3words },
      { photo: { data: await plainJpeg(640, 480), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const made = await server().app.inject({ method: 'POST', url, payload, headers });
    expect(made.statusCode, made.body).toBe(201);
    return (made.json() as { id: number }).id;
  }
  return {
    report: (what3words: string) => send('/api/reports', what3words),
    itsBack: (cleanedId: number, what3words: string) => send(`/api/reports/${cleanedId}/back`, what3words),
    async clean(id: number) {
      const done = await server().app.inject({
        method: 'PATCH',
        url: `/api/reports/${id}/status`,
        payload: { status: 'completed' },
        cookies: { cue_admin: await admin() },
      });
      expect(done.statusCode, done.body).toBe(200);
    },
    /** Moves a report back in time, as if made (and cleaned) then. */
    async dated(id: number, reportedAt: string, completedAt: string | null = null) {
      await server()
        .database.db.updateTable('reports')
        .set({ reported_at: reportedAt, updated_at: reportedAt, ...(completedAt ? { completed_at: completedAt } : {}) })
        .where('id', '=', id)
        .execute();
    },
  };
}

/** Presses Tab until `target` has the focus, as someone without a pointer reaches it. */
async function tabTo(page: Page, target: Locator, most = 15) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expectFocused(target);
}

describe.skipIf(!hasChromium)("a site's history on the administrators' report card", () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  const site = siteActions(() => server);
  const WALL = gridWordsAt(55.9523, -3.2183);

  it('reported, cleaned and back: the card opens its history from the keyboard', async () => {
    const first = await site.report(WALL);
    await site.clean(first);
    const again = await site.itsBack(first, WALL);
    const firstReportedAt = ago(40);
    await site.dated(first, firstReportedAt, ago(12, 1));
    await site.dated(again, ago(3));
    const line = `Reported 2 times since ${cityMonth(firstReportedAt)}, last cleaned 12 days ago`;

    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { context, page } = await newAdminPage(browser, server, viewport);
      await page.goto(`${server.url}/volunteer-portal`);
      // Newest first: the report made when it came back, then the one cleaned.
      const card = page.getByRole('article', { name: 'Report #1' });
      await card.getByText(WALL, { exact: true }).waitFor();
      const history = card.getByRole('button', { name: siteMessages.historyButton });
      await history.waitFor();
      await expect.poll(() => history.getAttribute('aria-expanded')).toBe('false');

      // From the card's own first control, by Tab alone.
      await card.getByRole('checkbox', { name: 'Select Report #1' }).focus();
      await tabTo(page, history);
      await page.keyboard.press('Enter');
      await expect.poll(() => history.getAttribute('aria-expanded')).toBe('true');
      const shown = page.locator(`[id="${await history.getAttribute('aria-controls')}"]`);
      await expect.poll(() => shown.textContent()).toBe(line);
      await expect.poll(() => shown.getAttribute('role')).toBe('status');
      // The focus stays on the button, to close it again.
      await expectFocused(history);
      await expectNoAxeViolations(page);
      await screenshot(page, `site-history-card-${width}`);

      // The earlier report of the same site tells the same history.
      const earlier = page.getByRole('article', { name: 'Report #2' });
      await earlier.getByRole('button', { name: siteMessages.historyButton }).click();
      await earlier.getByText(line, { exact: true }).waitFor();

      await history.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => history.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => shown.count()).toBe(0);
      await context.close();
    }
  });
});

describe.skipIf(!hasChromium)("the analytics' most re-tagged sites", () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  const site = siteActions(() => server);
  const TWICE = gridWordsAt(55.9585, -3.2085);
  const ONCE = gridWordsAt(55.9375, -3.206);

  /** The analytics tab, chosen from the keyboard, and its 'Most re-tagged sites' card. */
  async function retaggedCard(viewport: typeof PHONE) {
    const { context, page } = await newAdminPage(browser, server, viewport);
    await page.goto(`${server.url}/volunteer-portal`);
    const tab = page.getByRole('tab', { name: 'Volunteer Analytics' });
    await tab.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const card = page.getByRole('region', { name: siteMessages.mostRetaggedTitle });
    await card.getByText(siteMessages.mostRetaggedHelp).waitFor();
    return { context, page, card };
  }

  it('says when no site has been tagged again, then lists them, most often first', async () => {
    // A site reported and cleaned only is not on it.
    const cleanedOnly = await site.report(gridWordsAt(55.976, -3.172));
    await site.clean(cleanedOnly);
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { context, page, card } = await retaggedCard(viewport);
      await card.getByText(siteMessages.mostRetaggedEmpty, { exact: true }).waitFor();
      await expect.poll(() => card.getByRole('listitem').count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `most-retagged-empty-${width}`);
      await context.close();
    }

    // Tagged again twice: 'It's back', cleaned again, then a new report at the same words.
    const twice = [await site.report(TWICE)];
    await site.clean(twice[0]!);
    twice.push(await site.itsBack(twice[0]!, TWICE));
    await site.clean(twice[1]!);
    twice.push(await site.report(TWICE));
    // Tagged again once, and not cleaned since.
    const once = [await site.report(ONCE)];
    await site.clean(once[0]!);
    once.push(await site.itsBack(once[0]!, ONCE));
    const tagged = await server.database.db
      .selectFrom('reports')
      .select(['id', 'site_id', 'tagged_again'])
      .where('id', 'in', [...twice, ...once])
      .orderBy('id')
      .execute();
    expect(tagged.map((row) => row.tagged_again)).toEqual([0, 1, 1, 0, 1]);
    expect(new Set(tagged.slice(0, 3).map((row) => row.site_id)).size).toBe(1);

    const dates = {
      twice: [
        [ago(60), ago(50)],
        [ago(30), ago(20)],
        [ago(2), null],
      ],
      once: [
        [ago(45), ago(40)],
        [ago(5), null],
      ],
    } as const;
    for (const [i, [reported, cleaned]] of dates.twice.entries()) await site.dated(twice[i]!, reported, cleaned);
    for (const [i, [reported, cleaned]] of dates.once.entries()) await site.dated(once[i]!, reported, cleaned);

    const expected = [
      `///${TWICE} Tagged again 2 times (3 reports); last reported ${cityDate(dates.twice[2][0])}, last cleaned ${cityDate(dates.twice[1][1])}`,
      `///${ONCE} Tagged again once (2 reports); last reported ${cityDate(dates.once[1][0])}, last cleaned ${cityDate(dates.once[0][1])}`,
    ];
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { context, page, card } = await retaggedCard(viewport);
      const sites = card.getByRole('list').getByRole('listitem');
      await expect
        .poll(async () => (await sites.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()))
        .toEqual(expected);
      await expect.poll(() => card.getByText(siteMessages.mostRetaggedEmpty).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `most-retagged-listed-${width}`);
      await context.close();
    }
  });
});

describe.skipIf(!hasChromium)("'It's back' from the public map", () => {
  let browser: Browser;
  let server: RunningServer;
  let tiles: TileServer;
  const site = siteActions(() => server);

  beforeAll(async () => {
    tiles = await startTileServer();
    [browser, server] = await Promise.all([launchBrowser(), startServer({ map: { styleUrl: tiles.styleUrl } })]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await tiles?.close();
  });

  for (const [viewport, width, at] of [
    [PHONE, 390, { latitude: 55.9412, longitude: -3.1745 }],
    [DESKTOP, 1280, { latitude: 55.9647, longitude: -3.2326 }],
  ] as const) {
    it(`a cleaned site opened from the map's list is reported again with a photo (${width} px)`, async () => {
      const words = gridWordsAt(at.latitude, at.longitude);
      const cleaned = await site.report(words);
      await site.clean(cleaned);

      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${server.url}/map?lat=${at.latitude}&lng=${at.longitude}&zoom=17`);
      const list = page.getByRole('region', { name: /in this part of the city$/ });
      await list.getByRole('heading', { name: '1 site in this part of the city' }).waitFor();
      // The map drawn beside it first, so nothing moves under the keyboard.
      await page.locator(`.cue-map-site[aria-label^="///${words},"]`).waitFor({ timeout: 60_000 });

      // Opened from the list twin by the keyboard; the cleaned site offers 'It's back'.
      const item = list.getByRole('button', { name: new RegExp(`^///${words.replace(/\./g, '\\.')}`) });
      await item.focus();
      await page.keyboard.press('Enter');
      const details = page.getByRole('region', { name: `///${words}` });
      await expectFocused(details.getByRole('heading', { name: `///${words}` }));
      await details.getByText('Completed', { exact: true }).waitFor();
      const back = details.getByRole('region', { name: siteMessages.itsBackTitle });
      await back.getByText(siteMessages.itsBackHelp).waitFor();
      const open = back.getByRole('button', { name: siteMessages.itsBackButton });
      await open.focus();
      await page.keyboard.press('Enter');
      // The form takes the focus on its photo, with the site's words already filled in.
      const photo = back.getByLabel('Photo of it now');
      await expectFocused(photo);
      await expect.poll(() => back.getByRole('textbox', { name: 'Three-word location' }).inputValue()).toBe(words);
      await expectNoAxeViolations(page);
      await screenshot(page, `map-its-back-form-${width}`);

      await pickFiles(photo, { name: 'back.jpg', buffer: await plainJpeg(800, 600) });
      await back.getByRole('button', { name: siteMessages.sendItsBack }).focus();
      await page.keyboard.press('Enter');
      const sent = back.getByText(
        new RegExp(`^${siteMessages.itsBackSent.replace(/\./g, '\\.')} Reference #(\\d+)\\.$`),
      );
      await sent.waitFor();
      await expectFocused(sent);

      const rows = await server.database.db
        .selectFrom('reports')
        .select(['id', 'status', 'site_id', 'tagged_again', 'what3words'])
        .where('what3words', '=', words)
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(2);
      const [earlier, again] = rows;
      expect(earlier).toMatchObject({ id: cleaned, status: 'completed' });
      expect(earlier!.site_id).not.toBeNull();
      expect(again).toMatchObject({ status: 'reported', site_id: earlier!.site_id, tagged_again: 1 });
      await expect.poll(() => sent.textContent()).toBe(`${siteMessages.itsBackSent} Reference #${again!.id}.`);
      await back.getByRole('link', { name: siteMessages.itsBackFollow }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `map-its-back-sent-${width}`);
      await context.close();
    });
  }
});
