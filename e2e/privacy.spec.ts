// Privacy as a person meets it: the privacy notice, linked from every page's footer, the report form
// and the sign-in page; a volunteer downloads their data and deletes their account; an administrator
// blurs a face in a photo, and reads the audit log. axe checks each new screen at 390 and 1280 px.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { detailedJpeg } from '#tests/fixture-photos.ts';
import { readZip } from '#tests/privacy.ts';
import { volunteerSession } from '#tests/sessions.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { photoNames, photoUrls, processPhoto, storePhoto } from '#server/features/photos/photo-pipeline.ts';
import { myDataSchema } from '#shared/contracts/privacy.ts';
import {
  DESKTOP,
  newAdminPage,
  PHONE,
  WITHOUT_SERVICE_WORKER,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  screenshot,
  useBrowserAndServer,
  type RunningServer,
} from './support/browser.ts';

describe.skipIf(!hasChromium)('privacy', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  const storage = () => localPhotoStorage(path.join(server.dataDir, 'photos'));
  const storedPhoto = async () => storePhoto(storage(), await processPhoto(await detailedJpeg(640, 480)));

  /** A report with a photo full of detail, straight into the database. */
  async function report(what3words: string): Promise<{ id: number; key: string }> {
    const key = await storedPhoto();
    const now = new Date().toISOString();
    const row = await server.database.db
      .insertInto('reports')
      .values({
        what3words,
        photo_key: key,
        status: 'completed',
        reported_at: now,
        completed_at: now,
        updated_at: now,
        latitude: 55.9533,
        longitude: -3.1883,
        location_source: 'device',
        words_scheme: 'grid',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, key };
  }

  const keyOf = (url: string) => /^\/photos\/(.+)\.jpg$/.exec(url)![1]!;

  const toast = (page: Page, text: string) =>
    page
      .getByRole('region', { name: /Notifications/, includeHidden: true })
      .getByText(text, { exact: true })
      .waitFor();

  it('the privacy notice says who runs the service and how to use your rights, and every page links to it', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(server.url);
      await page
        .getByRole('form', { name: 'Report graffiti' })
        .getByRole('link', { name: 'How we use your data' })
        .waitFor();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
      await page.waitForURL(`${server.url}/privacy`);
      await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
      await page.getByText('Clean Up Edinburgh is run by').waitFor();
      await page.getByRole('heading', { name: 'Your rights' }).waitFor();
      await page.getByText('If you have not signed in for 3 years, we e-mail you, and 30 days later').waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: 'hello@cleanupedinburgh.org' }).first().getAttribute('href'))
        .toBe('mailto:hello@cleanupedinburgh.org');
      await expect.poll(() => page.title()).toBe('Privacy notice | Clean Up Edinburgh');
      await expectNoAxeViolations(page);
      await screenshot(page, `privacy-notice-${name}`);

      await page.goto(`${server.url}/volunteer-signin`);
      await page.getByRole('link', { name: 'How we use your e-mail address and your data' }).click();
      await page.waitForURL(`${server.url}/privacy`);
      await context.close();
    }
    // A page path the server knows: not the 404 status.
    expect((await fetch(`${server.url}/privacy`)).status).toBe(200);
  });

  it('a volunteer downloads their data as a zip, then deletes their account after a clear warning', async () => {
    const email = 'catriona.privacy@example.org';
    const { cookies, volunteerId } = await volunteerSession(server.database, email);
    const site = await report('quiet.green.door');
    const [before, after] = [await storedPhoto(), await storedPhoto()];
    await server.database.db
      .insertInto('cleanups')
      .values({
        report_id: site.id,
        volunteer_id: volunteerId,
        completed_at: new Date().toISOString(),
        minutes_worked: 50,
        before_photo_key: before,
        after_photo_key: after,
        notes: 'Scrubbed the door',
      })
      .execute();

    let context: BrowserContext | undefined;
    let page: Page | undefined;
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      await context?.close();
      ({ context, page } = await newPage(browser, viewport));
      await context.addCookies(Object.entries(cookies).map(([n, value]) => ({ name: n, value, url: server.url })));
      await page.goto(`${server.url}/volunteers/dashboard`);
      await page.getByRole('region', { name: 'Your data' }).getByRole('link', { name: 'Download my data' }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `privacy-your-data-${name}`);
      // The confirmation, at this width too (cancelled: nothing changes).
      await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account' }).click();
      const asked = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await asked.getByText('This cannot be undone.').waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `privacy-delete-account-${name}`, { fullPage: false });
      await asked.getByRole('button', { name: 'Cancel' }).click();
      await asked.waitFor({ state: 'detached' });
    }
    if (!page || !context) throw new Error('no page');
    const card = page.getByRole('region', { name: 'Your data' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clean-up-edinburgh-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readZip(fs.readFileSync((await download.path())!));
    const data = myDataSchema.parse(JSON.parse(zip.get('my-data.json')!.toString()));
    expect(data.profile.email).toBe(email);
    expect(data.cleanups).toEqual([
      expect.objectContaining({ what3words: 'quiet.green.door', minutesWorked: 50, notes: 'Scrubbed the door' }),
    ]);
    expect(zip.get(`photos/${photoNames(before).web}`)).toEqual(await storage().read(photoNames(before).web));
    expect(zip.get(`photos/${photoNames(after).web}`)).toBeDefined();

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.waitFor();
    await confirm.getByText('This cannot be undone.').waitFor();
    await confirm.getByText(email).waitFor();
    await confirm.getByText("stay in the city's totals, with nothing linking them to you", { exact: false }).waitFor();

    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(
      await server.database.db.selectFrom('volunteers').select('id').where('id', '=', volunteerId).execute(),
    ).toHaveLength(1);

    await card.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, 'Your account has been deleted');
    await page.waitForURL(`${server.url}/`);
    expect(
      await server.database.db.selectFrom('volunteers').select('id').where('id', '=', volunteerId).execute(),
    ).toEqual([]);
    const kept = await server.database.db.selectFrom('cleanups').select(['volunteer_id', 'minutes_worked']).execute();
    expect(kept).toEqual([{ volunteer_id: null, minutes_worked: 50 }]);
    // Signed out: the dashboard now asks to sign in.
    await page.goto(`${server.url}/volunteers/dashboard`);
    await page.waitForURL(/\/volunteers\/signin/);
    await context.close();
  });

  it('an administrator blurs part of a photo; the original is gone and the report says so; the audit log shows it', async () => {
    await server.database.db.deleteFrom('reports').execute();
    const site = await report('busy.bus.stop');
    const { context, page } = await newAdminPage(browser, server);
    await page.goto(`${server.url}/volunteer-portal`);

    await page.getByRole('button', { name: 'View photo of Report #1' }).click();
    const preview = page.getByRole('dialog', { name: 'Photo Preview' });
    await preview.getByRole('button', { name: 'Blur part of the photo' }).click();
    const editor = page.getByRole('dialog', { name: 'Blur part of the photo' });
    const canvas = editor.getByTestId('redaction-canvas');
    await canvas.locator('img').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="redaction-canvas"] img') as HTMLImageElement)?.complete,
    );

    // Drawn with the mouse: the top-left quarter.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 4, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await editor.getByRole('button', { name: /^Area 1 to blur/ }).waitFor();

    // Added and moved with the keyboard: an area in the middle, moved right twice by 5%.
    await editor.getByRole('button', { name: 'Add area' }).click();
    const second = editor.getByRole('button', { name: /^Area 2 to blur/ });
    await second.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await editor
      .getByRole('button', { name: 'Area 2 to blur: 40% from the left, 30% from the top, 40% wide, 40% high' })
      .waitFor();
    // Or typed in per cent.
    await editor.getByLabel('Width').fill('20');
    await editor
      .getByRole('button', { name: 'Area 2 to blur: 40% from the left, 30% from the top, 20% wide, 40% high' })
      .waitFor();
    await editor.getByText('2 areas to blur').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'privacy-redaction-desktop', { fullPage: false });
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await screenshot(page, 'privacy-redaction-phone', { fullPage: false });
    await page.setViewportSize(DESKTOP);

    const oldUrl = photoUrls(site.key).photoUrl;
    await editor.getByRole('button', { name: 'Blur and save' }).click();
    await toast(page, 'Photo edited to protect privacy');
    const shown = page.getByRole('dialog', { name: 'Photo Preview' }).locator('img');
    await page.waitForFunction(
      (old) => !document.querySelector('[role="dialog"] img')?.getAttribute('src')?.endsWith(old),
      oldUrl,
    );
    const newUrl = (await shown.getAttribute('src'))!;
    expect(newUrl).not.toBe(oldUrl);
    // The old files may go just after the answer that names the new ones: wait for them to go.
    await expect.poll(async () => (await fetch(`${server.url}${oldUrl}`)).status).toBe(404);
    expect((await fetch(`${server.url}${newUrl}`)).status).toBe(200);
    await expect.poll(() => storage().exists(photoNames(site.key).web)).toBe(false);
    await page.getByRole('dialog', { name: 'Photo Preview' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('main article').getByText('Photo edited to protect privacy', { exact: true }).waitFor();
    await screenshot(page, 'privacy-report-edited-desktop', { fullPage: false });

    // The person who reported it reads the same on their status page, beside the blurred photo.
    const statusToken = randomBytes(32).toString('base64url');
    await server.database.db
      .updateTable('reports')
      .set({ status_token: statusToken })
      .where('id', '=', site.id)
      .execute();
    const reporter = await newPage(browser, PHONE);
    await reporter.page.goto(`${server.url}/report/${statusToken}`);
    await expect
      .poll(() => reporter.page.getByRole('img', { name: 'The graffiti as reported' }).getAttribute('src'))
      .toBe(newUrl);
    await reporter.page.getByText('Photo edited to protect privacy', { exact: true }).waitFor();
    await expectNoAxeViolations(reporter.page);
    await screenshot(reporter.page, 'privacy-report-status-edited-phone', { fullPage: false });
    await reporter.context.close();

    // So does a volunteer finding it to clean, once it is open again.
    await server.database.db
      .updateTable('reports')
      .set({ status: 'reported', completed_at: null })
      .where('id', '=', site.id)
      .execute();
    const { cookies } = await volunteerSession(server.database, 'finlay.privacy@example.org');
    const finder = await browser.newContext({
      ...WITHOUT_SERVICE_WORKER,
      viewport: PHONE,
      deviceScaleFactor: 1,
      locale: 'en-GB',
      geolocation: { latitude: 55.9535, longitude: -3.1885 },
      permissions: ['geolocation'],
    });
    await finder.addCookies(Object.entries(cookies).map(([n, value]) => ({ name: n, value, url: server.url })));
    const findPage = await finder.newPage();
    await findPage.goto(`${server.url}/volunteers`);
    await findPage.getByRole('button', { name: 'Find Nearest Graffiti' }).click();
    await expect
      .poll(() => findPage.getByRole('img', { name: 'Graffiti at ///busy.bus.stop' }).getAttribute('src'))
      .toBe(photoUrls(keyOf(newUrl)).thumbnailUrl);
    await findPage.getByText('Photo edited to protect privacy', { exact: true }).waitFor();
    await expectNoAxeViolations(findPage);
    await screenshot(findPage, 'privacy-find-site-edited-phone', { fullPage: false });
    await finder.close();

    // The audit log, on the analytics tab.
    await page.getByRole('tab', { name: 'Volunteer Analytics' }).click();
    await page.getByRole('region', { name: 'Audit log' }).getByRole('button', { name: 'View audit log' }).click();
    const log = page.getByRole('dialog', { name: 'Audit log' });
    await log.getByText('Blurred part of a photo').waitFor();
    await log.getByText(`Report ${site.id} · areas: 2`).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'privacy-audit-log-desktop', { fullPage: false });
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await screenshot(page, 'privacy-audit-log-phone', { fullPage: false });
    await context.close();
  });
});
