// Step 5c of the bench: a report on a weak signal, from a cold page to the thank-you, in Chromium against
// the built app (tests/weak-signal-report.ts), the median of three runs. The limit beside it is the
// prepared photo's own upload at that signal: the report cannot be quicker than a Submit that waited for
// it, and is as quick as typing allows when the photo went up meanwhile.
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '#tests/chromium.ts';
import { startLocalServer } from '#tests/local-server.ts';
import {
  detailedPhotoFile,
  reportOnAWeakSignal,
  WEAK_SIGNAL,
  type WeakSignalReport,
} from '#tests/weak-signal-report.ts';
import { median, type Row } from './table.ts';

const WHOLE_REPORT_BUDGET_MS = 10_000;
const SUBMIT_TO_THANKS_BUDGET_MS = 2_000;
const RUNS = 3;

export async function benchWeakSignalReport(clientDir: string): Promise<Row[]> {
  const conditions = `${WEAK_SIGNAL.bitsPerSecond / 1000} kbps, ${WEAK_SIGNAL.roundTripMs} ms, CPU ${WEAK_SIGNAL.cpuSlowdown}x`;
  const metric = `Report on a weak signal (${conditions}, detailed 12 MP photo)`;
  if (!findChromium()) return [{ metric, value: 'not measured: no Chromium', budget: '-', status: 'SKIP' }];
  const [browser, server, photo] = await Promise.all([
    chromium.launch({ executablePath: findChromium()!, args: CHROMIUM_FLAGS, headless: true }),
    startLocalServer({ clientDir, adminPasscode: '135790' }),
    detailedPhotoFile(),
  ]);
  try {
    const runs: WeakSignalReport[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await reportOnAWeakSignal(browser, server.url, photo.file));
    const of = (pick: (report: WeakSignalReport) => number) => median(runs.map(pick));
    const whole = of((report) => report.wholeMs);
    const submit = of((report) => report.submitToThanksMs);
    const uploads = runs.flatMap((report) => (report.upload ? [report.upload] : []));
    const upload = uploads.length > 0 ? { ms: median(uploads.map((u) => u.ms)), bytes: uploads[0]!.bytes } : null;
    const uploadLimit = upload
      ? `photo's upload alone ${seconds(upload.ms)} (${(upload.bytes / 1000).toFixed(0)} kB)`
      : 'no photo went ahead';
    return [
      {
        metric: `${metric}: cold page to thank-you (median of ${RUNS})`,
        value: seconds(whole),
        budget: `<= ${seconds(WHOLE_REPORT_BUDGET_MS)}`,
        limit: uploadLimit,
        status: whole <= WHOLE_REPORT_BUDGET_MS && upload ? 'PASS' : 'FAIL',
      },
      {
        metric: `${metric}: Submit to thank-you`,
        value: seconds(submit),
        budget: `<= ${seconds(SUBMIT_TO_THANKS_BUDGET_MS)}`,
        limit: uploadLimit,
        status: submit <= SUBMIT_TO_THANKS_BUDGET_MS ? 'PASS' : 'FAIL',
      },
      {
        metric: `${metric}: the form usable / the last typed key late by`,
        value: `${seconds(of((report) => report.usableMs))} / ${Math.round(of((report) => report.typingLagMs))} ms`,
        budget: '-',
        status: '',
      },
    ];
  } finally {
    await browser.close();
    await server.close();
    photo.remove();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
