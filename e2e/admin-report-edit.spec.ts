// An administrator's inline edit checks corrected words as a new report's are: a typo one letter off a
// real place is refused beside the field with the real places spelt alike, and the report keeps its
// words and its place on the map. A volunteer's claim on a card says when it lapses.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { placeReport } from '#tests/volunteers.ts';
import { gridWordsAt } from '#tests/places.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import {
  DESKTOP,
  PHONE,
  expectFocused,
  expectNoAxeViolations,
  hasChromium,
  newAdminPage,
  screenshot,
  toasts,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

const WAVERLEY = { latitude: 55.95196, longitude: -3.18937 };

describe.skipIf(!hasChromium)("an administrator's edit of a report", () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  it('a typo in the words is refused with the nearest real places, and the report keeps its words', async () => {
    await server.database.db.deleteFrom('reports').execute();
    const words = gridWordsAt(WAVERLEY.latitude, WAVERLEY.longitude);
    const id = await placeReport(server.database.db, { ...WAVERLEY, what3words: words });
    const typo = `${words.slice(0, -1)}${words.endsWith('x') ? 'y' : 'x'}`;

    const { context, page } = await newAdminPage(browser, server, PHONE);
    await page.goto(`${server.url}/volunteer-portal`);
    const card = page.getByRole('article').filter({ hasText: `Reference #${id}` });
    await card.getByRole('button', { name: /^Edit/ }).click();
    const edit = card.getByRole('form', { name: /^Edit/ });
    const field = edit.getByLabel('Three-word location');
    await expectFocused(field);
    await field.fill(typo);
    await edit.getByRole('button', { name: 'Save' }).click();

    // The server's reason, beside the field; the place meant comes first, measured from the report's place.
    const typoWord = typo.split('.')[2]!;
    await edit
      .getByRole('alert')
      .getByText(`'${typoWord}' is not one of the words of three-word locations. Please check the spelling.`)
      .waitFor();
    const suggestion = edit.getByRole('group', { name: 'Did you mean:' }).getByRole('button').first();
    await expect
      .poll(() => suggestion.innerText())
      .toMatch(new RegExp(`^${words.replaceAll('.', '\\.')}\\s+Old Town, \\d+ metres? from the report's place$`));
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-edit-typo-390');
    // Nothing was saved: the report keeps its words and its place.
    expect(
      await server.database.db
        .selectFrom('reports')
        .select(['what3words', 'latitude'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ what3words: words, latitude: WAVERLEY.latitude });

    await suggestion.click();
    await expect.poll(() => field.inputValue()).toBe(words);
    await expectFocused(field);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toasts(page).getByText('Report updated', { exact: true }).waitFor();
    await context.close();
  });

  it("a volunteer's claim says on the card when it lapses; an administrator's Cleaning mark does not", async () => {
    await server.database.db.deleteFrom('reports').execute();
    const { volunteerId } = await volunteerSession(server.database, 'claimant@example.org');
    const claimedAt = '2026-11-28T09:15:00.000Z';
    const claimed = await placeReport(server.database.db, { ...WAVERLEY, what3words: 'index.home.raft' });
    await server.database.db
      .updateTable('reports')
      .set({ status: 'cleaning', cleaning_started_at: claimedAt, cleaning_volunteer_id: volunteerId })
      .where('id', '=', claimed)
      .execute();
    const marked = await placeReport(server.database.db, { ...WAVERLEY, what3words: 'index.home.raft' });
    await server.database.db
      .updateTable('reports')
      .set({ status: 'cleaning', cleaning_started_at: claimedAt, cleaning_volunteer_id: null })
      .where('id', '=', marked)
      .execute();

    const { context, page } = await newAdminPage(browser, server, DESKTOP);
    await page.goto(`${server.url}/volunteer-portal`);
    const claimedCard = page.getByRole('article').filter({ hasText: `Reference #${claimed}` });
    const markedCard = page.getByRole('article').filter({ hasText: `Reference #${marked}` });
    const lapses = formatDateTime(new Date(Date.parse(claimedAt) + 8 * 3_600_000));
    await expect.poll(() => claimedCard.innerText()).toMatch(new RegExp(`Claim lapses:\\s+${lapses}`));
    await markedCard.waitFor();
    await expect.poll(() => markedCard.getByText('Claim lapses:').count()).toBe(0);
    await screenshot(page, 'admin-claim-lapses-1280', { fullPage: false });
    await context.close();
  });
});
