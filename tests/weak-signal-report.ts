// A reporter in the street on a weak signal, timed in Chromium against the built app: a cold page, the
// network at 750 kbps both ways with 150 ms round trips and the CPU slowed four times (a mid-range phone),
// through the DevTools protocol. The reporter chooses a detailed 12 MP photo, types the three words at a
// person's pace and presses Submit. For the browser test of the report's time and the bench's rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { detailedTwelveMegapixelJpeg } from './fixture-photos.ts';

export const WEAK_SIGNAL = { bitsPerSecond: 750_000, roundTripMs: 150, cpuSlowdown: 4 } as const;
/** A person typing on a phone: one key each quarter of a second. */
export const TYPING_MS_PER_KEY = 250;
/** Words the test servers place in the city (the grid provider's and the fake what3words'). */
export const REPORTED_WORDS = 'rally.census.refuse';
const THANK_YOU = 'Thank you for helping to make Edinburgh cleaner!';

export interface WeakSignalReport {
  /** From asking for the page until the form can be used. */
  usableMs: number;
  /** From asking for the page until the thank-you: the whole report. */
  wholeMs: number;
  /** From pressing Submit until the thank-you. */
  submitToThanksMs: number;
  /** How far behind the person's pace the last typed key landed: what the page cost the typing. */
  typingLagMs: number;
  /** Whether the photo box said how far the photo had gone ("Sending photo... 60%"). */
  sawProgress: boolean;
  /** The photo as the phone sent it ahead, and how long it took to go up. */
  upload: { bytes: number; ms: number; startedAfterChoiceMs: number } | null;
}

/** The detailed 12 MP photo as a file on disk, as a phone's file chooser hands it over. */
export async function detailedPhotoFile(): Promise<{ file: string; bytes: number; remove(): void }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-weak-signal-'));
  const file = path.join(directory, 'IMG_0001.jpg');
  const photo = await detailedTwelveMegapixelJpeg();
  fs.writeFileSync(file, photo);
  return { file, bytes: photo.length, remove: () => fs.rmSync(directory, { recursive: true, force: true }) };
}

/** One report from a cold page to the thank-you, on the weak signal above. */
export async function reportOnAWeakSignal(browser: Browser, url: string, photoFile: string): Promise<WeakSignalReport> {
  // A first visit: nothing cached, no service worker.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchForProgress);
    const cdp = await context.newCDPSession(page);
    const bytesPerSecond = WEAK_SIGNAL.bitsPerSecond / 8;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: WEAK_SIGNAL.roundTripMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: WEAK_SIGNAL.cpuSlowdown });

    let staged: Request | null = null;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/reports/staged-photos')) staged = request;
    });

    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const words = page.getByRole('textbox', { name: 'Three-word location' });
    await words.waitFor();
    const usableMs = Date.now() - started;

    const chosen = Date.now();
    await page.getByLabel('Photo of the graffiti').setInputFiles(photoFile);
    await words.click();
    // Each key at its time, as a person types: a page slow to take one makes the next ones late.
    const typingStarted = Date.now();
    for (const [index, key] of [...REPORTED_WORDS].entries()) {
      await delay(typingStarted + index * TYPING_MS_PER_KEY - Date.now());
      await page.keyboard.press(key);
    }
    const typingLagMs = Date.now() - typingStarted - (REPORTED_WORDS.length - 1) * TYPING_MS_PER_KEY;

    const submitted = Date.now();
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await page.getByText(THANK_YOU).first().waitFor({ timeout: 60_000 });
    const thanked = Date.now();

    return {
      usableMs,
      wholeMs: thanked - started,
      submitToThanksMs: thanked - submitted,
      typingLagMs,
      sawProgress: await page.evaluate(() => (window as { sawProgress?: boolean }).sawProgress === true),
      upload: await uploadOf(staged, chosen),
    };
  } finally {
    await context.close();
  }
}

/** In the page: notes the first "Sending photo... N%" the form shows. */
function watchForProgress(): void {
  const observer = new MutationObserver((records) => {
    if (records.some((record) => /Sending photo\.\.\. \d+%/.test(record.target.textContent ?? ''))) {
      (window as { sawProgress?: boolean }).sawProgress = true;
      observer.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true, characterData: true }),
  );
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function uploadOf(request: Request | null, chosen: number): Promise<WeakSignalReport['upload']> {
  if (!request) return null;
  const answer = await request.response();
  if (!answer?.ok()) return null;
  const timing = request.timing();
  const bytes = Number((await request.allHeaders())['content-length'] ?? 0);
  return { bytes, ms: timing.responseEnd - timing.requestStart, startedAfterChoiceMs: timing.startTime - chosen };
}
