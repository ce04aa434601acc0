// An administrator with the management dashboard open sees a new report as soon as it is made: the
// list's change stream tells the page at once, instead of the page waiting for its 5 s poll. When the
// server turns the stream away (too many open), the page asks once and keeps to its poll.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { realLocations } from '#tests/places.ts';
import { hasChromium, newAdminPage, useBrowserAndServer, type RunningServer } from './support/browser.ts';

describe.skipIf(!hasChromium)('the management list, live', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  async function makeReport(words: string): Promise<void> {
    const form = await multipartBody(
      { what3words: words },
      { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
    );
    const response = await server.app.inject({ method: 'POST', url: '/api/reports', ...form });
    expect(response.statusCode).toBe(201);
  }

  it('a report made while the dashboard is open shows before the next poll, through the change stream', async () => {
    const [first, second, third] = realLocations(3, { lat: 55.9486, lng: -3.1999 });
    await makeReport(first!);
    const { context, page } = await newAdminPage(browser, server);
    // When the list's GETs were answered; the 5 s polls are the ones 4 s or more after the one before.
    const answered: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/reports' && response.request().method() === 'GET') {
        answered.push(Date.now());
      }
    });
    const justAfterAPoll = async () => {
      const seen = answered.length;
      await expect
        .poll(() => answered.slice(seen).some((at, i) => at - (answered[seen + i - 1] ?? 0) >= 4_000), {
          timeout: 15_000,
        })
        .toBe(true);
    };

    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByText(first!, { exact: true }).waitFor();

    for (const words of [second!, third!]) {
      // Just after a poll, the next one is 5 s away: a card shown before another poll was answered
      // came through the stream. (A wall-clock limit would also fail a machine that is only busy.)
      await justAfterAPoll();
      const before = answered.length;
      await makeReport(words);
      await page.getByText(words, { exact: true }).waitFor({ timeout: 15_000 });
      const pollsSince = answered.slice(before).filter((at, i) => at - answered[before + i - 1]! >= 4_000);
      expect(pollsSince).toEqual([]);
    }
    await context.close();
  });
});

describe.skipIf(!hasChromium)('the management list, with its change stream turned away', () => {
  let browser: Browser;
  let server: RunningServer;
  // Every stream is refused, as when this client already holds as many as it may.
  useBrowserAndServer((started) => ({ browser, server } = started), { limits: { changeStreams: { perClient: 0 } } });

  it('asks for the stream once, does not ask again, and still shows a new report by its 5 s poll', async () => {
    const [first, second] = realLocations(2, { lat: 55.9501, lng: -3.1883 });
    const form = async (words: string) =>
      multipartBody({ what3words: words }, { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } });
    expect((await server.app.inject({ method: 'POST', url: '/api/reports', ...(await form(first!)) })).statusCode).toBe(
      201,
    );
    const { context, page } = await newAdminPage(browser, server);
    const streamAnswers: number[] = [];
    let listAnswers = 0;
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === '/api/reports/changes') streamAnswers.push(response.status());
      if (path === '/api/reports' && response.request().method() === 'GET') listAnswers++;
    });

    await page.goto(`${server.url}/volunteer-portal`);
    await page.getByText(first!, { exact: true }).waitFor();
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/reports', ...(await form(second!)) })).statusCode,
    ).toBe(201);
    await page.getByText(second!, { exact: true }).waitFor({ timeout: 15_000 });
    // Two more polls go by: the refused stream is not asked for again.
    const seen = listAnswers;
    await expect.poll(() => listAnswers, { timeout: 20_000 }).toBeGreaterThanOrEqual(seen + 2);
    expect(streamAnswers).toEqual([429]);
    await context.close();
  });
});
