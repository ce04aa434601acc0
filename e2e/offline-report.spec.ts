// A report made on no signal, or on a signal that drops mid-upload, is kept on the phone and sent by
// itself later, exactly once; photos are shrunk on the phone first, with their GPS read before.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import {
  FIXTURE_GPS,
  detailedTwelveMegapixelJpeg,
  elevenMegabyteImage,
  jpegWithGps,
  largePhoneJpeg,
  plainJpeg,
  textNamedJpg,
} from '#tests/fixture-photos.ts';
import {
  PHONE,
  expectNoAxeViolations,
  hasChromium,
  newPage,
  screenshot,
  useBrowserAndServer,
  toasts,
  type RunningServer,
  WITHOUT_SERVICE_WORKER,
  pickFiles,
  type PickedFile,
} from './support/browser.ts';
import { readJpegLayout } from '#server/features/photos/jpeg-markers.ts';

const THANK_YOU = 'Thank you for helping to make Edinburgh cleaner! Our volunteers have been notified of your report';
const SAVED_TITLE = 'Saved on your phone';
const SAVED_TEXT = 'No signal right now. Your report is saved and will be sent automatically when you are back online.';

interface Upload {
  fields: Record<string, string>;
  photo: { name: string; type: string; bytes: Buffer };
}

/**
 * Records, inside the page, every report upload as the app hands it to fetch (Chromium does not show
 * multipart file bodies to the test), and for the attempts numbered in `loseAnswerOf` lets the server
 * take the upload but loses its answer on the way back, as a signal that drops at that moment would.
 */
async function recordUploads(page: Page, { loseAnswerOf = [] as number[] } = {}): Promise<() => Promise<Upload[]>> {
  await page.addInitScript((lose: number[]) => {
    const seen: FormData[] = [];
    // A photo sent ahead of its report goes up by XMLHttpRequest; the report then names it.
    const staged: FormData[] = [];
    Object.assign(window, { __uploads: seen, __staged: staged });
    const realSend = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof FormData) staged.push(body);
      return realSend.call(this, body as XMLHttpRequestBodyInit);
    };
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname !== '/api/reports' || !(init?.body instanceof FormData)) return realFetch(input, init);
      seen.push(init.body);
      const response = await realFetch(input, init);
      if (lose.includes(seen.length)) throw new TypeError('Failed to fetch');
      return response;
    };
  }, loseAnswerOf);
  return async () => {
    const raw = await page.evaluate(async () => {
      const { __uploads: seen, __staged: staged } = window as unknown as Record<'__uploads' | '__staged', FormData[]>;
      return Promise.all(
        seen.map(async (form) => {
          const fields: Record<string, string> = {};
          let photo = { name: '', type: '', base64: '' };
          // A report naming a photo sent ahead carries the last one this page sent.
          const entries = [...form.entries(), ...(form.has('stagedPhoto') ? staged.at(-1)!.entries() : [])];
          for (const [name, value] of entries) {
            if (typeof value === 'string') fields[name] = value;
            else {
              const bytes = new Uint8Array(await value.arrayBuffer());
              let binary = '';
              for (let i = 0; i < bytes.length; i += 0x8000)
                binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
              photo = { name: value.name, type: value.type, base64: btoa(binary) };
            }
          }
          return { fields, photo };
        }),
      );
    });
    return raw.map(({ fields, photo }) => ({
      fields,
      photo: { name: photo.name, type: photo.type, bytes: Buffer.from(photo.base64, 'base64') },
    }));
  };
}

/** Opens the home page with everything the form loads after the page (photo and queue code) in. */
async function openForm(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/#report`);
  await page.getByRole('button', { name: 'Submit Report' }).waitFor();
  await page.waitForLoadState('networkidle');
}

async function fillReport(page: Page, photo: PickedFile, words: string): Promise<void> {
  await pickFiles(page.getByLabel('Photo of the graffiti'), photo);
  await page.getByRole('img', { name: 'The photo you chose' }).waitFor();
  await page.getByRole('textbox', { name: 'Three-word location' }).fill(words);
}

/**
 * How many reports this site keeps on the device (the queue in IndexedDB, shared by every tab). Once it
 * is empty nothing is left that any tab could send again, so "exactly once" is proven without waiting
 * for time to pass.
 */
function keptReports(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('clean-up-edinburgh');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('pending-reports')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('pending-reports').objectStore('pending-reports').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** The persistent line under the form that counts reports kept on the phone. */
const waitingStatus = (page: Page) => page.getByRole('status').filter({ hasText: /waiting to be sent/ });

describe.skipIf(!hasChromium)('a report is never lost to a bad signal', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  beforeEach(async () => {
    await server.database.db.deleteFrom('reports').execute();
  });

  const reportRows = () => server.database.db.selectFrom('reports').selectAll().execute();

  it("offline: the report is saved on the phone, survives a reload, arrives exactly once when the signal returns, and is listed in 'My reports'", async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorker: true });
    // The app's service worker is what lets the page reload with no signal: let it take control first.
    await page.goto(server.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await openForm(page, server.url);

    await context.setOffline(true);
    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg(800, 600) }, 'rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();

    await toasts(page).getByText(SAVED_TITLE, { exact: true }).waitFor();
    await toasts(page).getByText(SAVED_TEXT, { exact: true }).waitFor();
    await waitingStatus(page).getByText('1 report waiting to be sent', { exact: true }).waitFor();
    // The form is ready for the next report.
    await expect.poll(() => page.getByRole('textbox', { name: 'Three-word location' }).inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await screenshot(page, 'offline-report-saved-390');
    // Once the toast has gone, the line under the form still says a report is waiting.
    // (The toast goes by itself after 5 s; the axe run above may already have outlasted it.)
    await expect.poll(() => toasts(page).getByText(SAVED_TITLE).count(), { timeout: 15_000 }).toBe(0);
    await screenshot(page, 'offline-report-waiting-390');
    expect(await reportRows()).toHaveLength(0);

    // Closed and opened again with still no signal: the report is still there, still waiting.
    await page.reload();
    await waitingStatus(page).getByText('1 report waiting to be sent', { exact: true }).waitFor();
    expect(await reportRows()).toHaveLength(0);

    await context.setOffline(false);
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();
    await expect.poll(() => waitingStatus(page).count()).toBe(0);
    // Exactly once: nothing is left on the phone to send again.
    await expect.poll(() => keptReports(page)).toBe(0);
    const rows = await reportRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ what3words: 'rally.census.refuse', status: 'reported' });
    // Sent from the queue, its status link is kept on the phone too: 'My reports' lists it.
    const mine = page.getByRole('region', { name: 'My reports' });
    await mine.getByText(`Report #${rows[0]!.id}: rally.census.refuse`).waitFor();
    await mine.getByText('Awaiting cleanup', { exact: true }).waitFor();
    await context.close();
  });

  it('a report saved with the page closed is sent when the site is next opened, even without a service worker', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 1,
      locale: 'en-GB',
      ...WITHOUT_SERVICE_WORKER,
    });
    const page = await context.newPage();
    await openForm(page, server.url);
    await context.setOffline(true);
    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg() }, 'bleak.exhaust.jewel');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await waitingStatus(page).getByText('1 report waiting to be sent', { exact: true }).waitFor();
    await page.close();

    // IndexedDB belongs to the site, not the page: a new page of the same site finds the report.
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(server.url);
    await toasts(again).getByText(THANK_YOU, { exact: true }).waitFor();
    await expect.poll(() => keptReports(again)).toBe(0);
    const rows = await reportRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ what3words: 'bleak.exhaust.jewel' });
    expect(rows[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    await context.close();
  });

  it('with the site open in two tabs, both show the waiting report and only one of them sends it', async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 1,
      locale: 'en-GB',
      ...WITHOUT_SERVICE_WORKER,
    });
    const [first, second] = [await context.newPage(), await context.newPage()];
    const uploads = [await recordUploads(first), await recordUploads(second)];
    await openForm(first, server.url);
    await openForm(second, server.url);
    await context.setOffline(true);
    await fillReport(first, { name: 'wall.jpg', buffer: await plainJpeg() }, 'rally.census.refuse');
    await first.getByRole('button', { name: 'Submit Report' }).click();
    await waitingStatus(first).getByText('1 report waiting to be sent', { exact: true }).waitFor();
    await waitingStatus(second).getByText('1 report waiting to be sent', { exact: true }).waitFor();

    // Both tabs hear 'online' at once; the Web Lock lets one send, and the other finds nothing left.
    await context.setOffline(false);
    await expect.poll(() => reportRows().then((rows) => rows.length)).toBe(1);
    await expect.poll(() => waitingStatus(second).count()).toBe(0);
    // The queue both tabs share is empty, so neither tab has anything left to send on a later retry.
    await expect.poll(() => keptReports(first)).toBe(0);
    const sent = (await uploads[0]!()).length + (await uploads[1]!()).length;
    expect(sent).toBe(1);
    expect(await reportRows()).toHaveLength(1);
    await context.close();
  });

  it('an upload the signal drops is kept and retried with the same key, and a lost answer does not make a second report', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // 2: the server stores the report, but its answer never reaches the phone.
    const uploads = await recordUploads(page, { loseAnswerOf: [2] });
    // 1: the signal drops before the server hears anything.
    let aborted = 0;
    await page.route('**/api/reports', async (route) => {
      if (route.request().method() !== 'POST' || aborted > 0) return route.continue();
      aborted += 1;
      return route.abort('internetdisconnected');
    });
    await openForm(page, server.url);
    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg() }, 'rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();

    await toasts(page).getByText(SAVED_TITLE, { exact: true }).waitFor();
    await toasts(page).getByText(SAVED_TEXT, { exact: true }).waitFor();
    await waitingStatus(page).getByText('1 report waiting to be sent', { exact: true }).waitFor();
    // Retried by itself after a few seconds, then again after a few more, with no help from the person.
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor({ timeout: 40_000 });
    const attempts = await uploads();
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((upload) => upload.fields.idempotencyKey)).size).toBe(1);
    await expect.poll(() => waitingStatus(page).count()).toBe(0);
    expect(await reportRows()).toHaveLength(1);
    await context.close();
  });

  it('the photo goes up while the words are typed, the box says so, and Submit sends only the words', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const uploads = await recordUploads(page);
    await openForm(page, server.url);
    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg() }, 'rally.census.refuse');
    await page
      .getByRole('status')
      .filter({ hasText: /^Photo sent$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();
    const [sent] = await uploads();
    expect(sent!.fields.stagedPhoto).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rawForm = await page.evaluate(() =>
      [...(window as unknown as { __uploads: FormData[] }).__uploads[0]!.keys()].includes('photo'),
    );
    expect(rawForm).toBe(false);
    expect(await reportRows()).toHaveLength(1);
    await context.close();
  });

  it('a photo whose sending ahead is cut off midway goes with its report instead, exactly once', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const uploads = await recordUploads(page);
    // Every try to send the photo ahead loses its connection part-way.
    let cut = 0;
    await page.route('**/api/reports/staged-photos', async (route) => {
      cut += 1;
      return route.abort('connectionreset');
    });
    await openForm(page, server.url);
    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg() }, 'rally.census.refuse');
    await expect.poll(() => cut).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();
    const sent = await uploads();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.fields.stagedPhoto).toBeUndefined();
    expect(sent[0]!.photo.bytes.length).toBeGreaterThan(0);
    expect(await reportRows()).toHaveLength(1);
    await context.close();
  });

  it('a kept report that the server refuses is dropped, and the person is told why', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await openForm(page, server.url);
    await context.setOffline(true);
    // Not an image: the phone cannot shrink it, so it is kept as chosen, and the server will refuse it.
    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'list.jpg', buffer: textNamedJpg() });
    await page.getByRole('textbox', { name: 'Three-word location' }).fill('rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await waitingStatus(page).getByText('1 report waiting to be sent', { exact: true }).waitFor();

    await context.setOffline(false);
    await toasts(page).getByText('Error submitting report', { exact: true }).waitFor();
    await toasts(page).getByText('Please choose a JPG, PNG, WebP or HEIC photo.', { exact: true }).waitFor();
    await expect.poll(() => waitingStatus(page).count()).toBe(0);
    expect(await reportRows()).toHaveLength(0);
    await context.close();
  });

  it('a toast raised while its code could not be fetched is shown once the signal returns', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // The toast area's code comes once the page is idle; here the signal is gone before it arrives.
    const toasterCode = (url: URL) => /\/assets\/toaster-[^/]*\.js$/.test(url.pathname);
    await page.route(toasterCode, (route) => route.abort('internetdisconnected'));
    await openForm(page, server.url);
    await context.setOffline(true);
    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg() }, 'rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await waitingStatus(page).getByText('1 report waiting to be sent', { exact: true }).waitFor();

    await page.unroute(toasterCode);
    await context.setOffline(false);
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();
    await expect.poll(() => waitingStatus(page).count()).toBe(0);
    await context.close();
  });

  it('a refusal while online is shown at once and nothing is kept', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await openForm(page, server.url);
    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'list.jpg', buffer: textNamedJpg() });
    await page.getByRole('textbox', { name: 'Three-word location' }).fill('rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText('Error submitting report', { exact: true }).waitFor();
    await toasts(page).getByText('Please choose a JPG, PNG, WebP or HEIC photo.', { exact: true }).waitFor();
    // The person can fix it: the words stay, and nothing waits on the phone.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Three-word location' }).inputValue())
      .toBe('rally.census.refuse');
    await expect.poll(() => keptReports(page)).toBe(0);
    await expect.poll(() => waitingStatus(page).count()).toBe(0);
    await context.close();
  });
});

describe.skipIf(!hasChromium)('photos are prepared on the phone before upload', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));

  /** The photo the server stored for the report sent with this idempotency key. */
  async function storedPhotoOf(idempotencyKey: string): Promise<Buffer> {
    const report = await server.database.db
      .selectFrom('reports')
      .select('photo_key')
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
    return Buffer.from(await (await fetch(`${server.url}/photos/${report.photo_key}.jpg`)).arrayBuffer());
  }

  it('a 4000 x 3000 camera photo goes up upright at 1536 x 2048, much smaller than the original', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const uploads = await recordUploads(page);
    await openForm(page, server.url);
    const original = await largePhoneJpeg();
    await fillReport(page, { name: 'IMG_2041.jpg', buffer: original }, 'rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();

    const sent = await uploads();
    expect(sent).toHaveLength(1);
    const { photo } = sent[0]!;
    const bytes = photo.bytes;
    expect(bytes.length).toBeLessThan(original.length / 3);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    // EXIF orientation 6 was applied on the phone: the copy stands upright and needs no rotation.
    expect([meta.width, meta.height]).toEqual([1536, 2048]);
    expect(meta.orientation).toBeUndefined();
    expect(photo).toMatchObject({ name: 'IMG_2041.jpg', type: 'image/jpeg' });
    expect(await server.database.db.selectFrom('reports').selectAll().execute()).toHaveLength(1);
    await context.close();
  });

  it('a detailed photo the phone brought within 450 kB is stored at the quality the phone chose, as one scan with no metadata', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const uploads = await recordUploads(page);
    await openForm(page, server.url);
    const original = await detailedTwelveMegapixelJpeg();
    await fillReport(page, { name: 'IMG_2042.jpg', buffer: original }, 'rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();

    const [sent] = await uploads();
    expect(sent!.photo.bytes.length).toBeLessThanOrEqual(450_000);
    const stored = await storedPhotoOf(sent!.fields.idempotencyKey!);
    // Encoded again by the server at the phone's own quality, so it weighs about what the phone sent.
    const layout = (jpeg: Buffer) => readJpegLayout(jpeg, { maxScans: 100 });
    expect(layout(stored)).toEqual({ ...layout(sent!.photo.bytes), scans: 1 });
    expect(stored.length / sent!.photo.bytes.length).toBeGreaterThan(0.9);
    expect(stored.length / sent!.photo.bytes.length).toBeLessThan(1.1);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    await context.close();
  });

  it("a phone photo's GPS is read on the phone and becomes the report's position when the location button was not used", async () => {
    const { context, page } = await newPage(browser, PHONE);
    const uploads = await recordUploads(page);
    await openForm(page, server.url);
    await fillReport(page, { name: 'IMG_0001.jpg', buffer: await jpegWithGps() }, 'bleak.exhaust.jewel');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();

    // The browser sent the coordinates (the shrunk copy has no EXIF left for the server to read).
    const { fields } = (await uploads())[0]!;
    expect(Number(fields.latitude)).toBeCloseTo(FIXTURE_GPS.latitude, 6);
    expect(Number(fields.longitude)).toBeCloseTo(FIXTURE_GPS.longitude, 6);
    expect(fields.locationSource).toBe('photo');
    expect(fields.accuracy).toBeUndefined();
    const row = await server.database.db
      .selectFrom('reports')
      .selectAll()
      .where('what3words', '=', 'bleak.exhaust.jewel')
      .executeTakeFirstOrThrow();
    expect(row.location_source).toBe('photo');
    expect(row.latitude).toBeCloseTo(FIXTURE_GPS.latitude, 6);
    expect(row.longitude).toBeCloseTo(FIXTURE_GPS.longitude, 6);
    await context.close();
  });

  it('a HEIC photo the browser cannot decode goes up as it was taken, and is stored as a JPEG', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const uploads = await recordUploads(page);
    await openForm(page, server.url);
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../tests/fixtures/wall.heic'));
    // Chromium cannot show it: the form says so in place of a preview (photo-choice.spec.ts).
    await pickFiles(page.getByLabel('Photo of the graffiti'), { name: 'IMG_0004.HEIC', buffer: heic });
    await page.getByRole('textbox', { name: 'Three-word location' }).fill('rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();

    // Chromium decodes no HEVC: the original file is handed to the server as it was.
    const [sent] = await uploads();
    expect(sent!.photo.name).toBe('IMG_0004.HEIC');
    expect(sent!.photo.bytes.equals(heic)).toBe(true);
    const stored = await storedPhotoOf(sent!.fields.idempotencyKey!);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    await context.close();
  });

  it('an 11 MB photo says "File too large" and is not kept', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await openForm(page, server.url);
    const input = page.getByLabel('Photo of the graffiti');
    await pickFiles(input, { name: 'huge.png', buffer: await elevenMegabyteImage() });
    await toasts(page).getByText('File too large', { exact: true }).waitFor();
    await toasts(page).getByText('Please select an image smaller than 10MB.', { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    await page.getByText('Please upload a photo to submit your report').waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'The photo you chose' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Three-word location' }).fill('rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText('Photo required', { exact: true }).waitFor();
    await toasts(page).getByText('Please select a photo before submitting.', { exact: true }).waitFor();
    await context.close();
  });
});

describe.skipIf(!hasChromium)('a report refused for sending too many in an hour', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started), { limits: { reportSubmissionsPerHour: 1 } });

  it('says why and when it can be sent, keeps the photo and words in the form, and keeps nothing waiting on the phone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await openForm(page, server.url);
    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg() }, 'rally.census.refuse');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText(THANK_YOU, { exact: true }).waitFor();

    await fillReport(page, { name: 'wall.jpg', buffer: await plainJpeg() }, 'pilot.ginger.gaze');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await toasts(page).getByText('Error submitting report', { exact: true }).waitFor();
    await toasts(page)
      .getByText(
        /^Too many reports have come from this connection in the last hour\. Please send this one again in (60|59) minutes\.$/,
      )
      .waitFor();
    await expect.poll(() => toasts(page).getByText(SAVED_TITLE).count()).toBe(0);
    await expect.poll(() => keptReports(page)).toBe(0);
    await expect.poll(() => waitingStatus(page).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Three-word location' }).inputValue())
      .toBe('pilot.ginger.gaze');
    await page.getByRole('img', { name: 'The photo you chose' }).waitFor();
    await screenshot(page, 'report-too-many-390');
    expect(await server.database.db.selectFrom('reports').select('id').execute()).toHaveLength(1);
    await context.close();
  });
});
