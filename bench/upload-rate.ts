// Uploads per second the real server sustains with a few phones sending at once: `concurrency` senders
// post reports (POST /api/reports, multipart, as the app does) one after another for a fixed time, each
// report from its own client address behind the bench's trusted proxy (so the hourly allowance per
// client is not what is measured), and the 201s are counted.
//
// The photo is the one the app's phone actually sends: a detailed 12-megapixel camera photo
// (tests/fixture-photos.ts) prepared by the phone's own code in Chromium (2048 px, at most 450 kB, no
// metadata but a colour profile); without Chromium, the same photo shrunk to 2048 px and encoded by
// sharp at the highest quality within 450 kB, as the phone's quality search does.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '#tests/chromium.ts';
import { detailedTwelveMegapixelJpeg } from '#tests/fixture-photos.ts';
import { prepareInChromium } from '#tests/prepare-photo-in-chromium.ts';
import { PREPARED_PHOTO_MAX_BYTES, WEB_PHOTO_LONG_EDGE } from '#shared/domain/limits.ts';
import { postReport } from './upload-burst.ts';

export interface PreparedBenchPhoto {
  bytes: Buffer;
  /** How it was made: 'Chromium' (the phone's code) or 'sharp' (its equivalent). */
  madeBy: 'Chromium' | 'sharp';
}

/** The detailed 12 MP photo as the phone sends it (see the top of this file). */
export async function phonePreparedPhoto(): Promise<PreparedBenchPhoto> {
  const original = await detailedTwelveMegapixelJpeg();
  const executablePath = findChromium();
  if (executablePath) {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
    try {
      return { bytes: (await prepareInChromium(browser, original)).bytes, madeBy: 'Chromium' };
    } finally {
      await browser.close();
    }
  }
  const pixels = sharp(original).resize({ width: WEB_PHOTO_LONG_EDGE, height: WEB_PHOTO_LONG_EDGE, fit: 'inside' });
  for (let quality = 85; quality >= 50; quality -= 5) {
    const bytes = await pixels.clone().jpeg({ quality }).toBuffer();
    if (bytes.length <= PREPARED_PHOTO_MAX_BYTES) return { bytes, madeBy: 'sharp' };
  }
  return { bytes: await pixels.jpeg({ quality: 50 }).toBuffer(), madeBy: 'sharp' };
}

export interface UploadRateFigures {
  concurrency: number;
  seconds: number;
  accepted: number;
  uploadsPerSecond: number;
  /** Answers other than 201, by status ('error' for a failed connection). */
  others: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
}

/** Posts reports with `photo` from `concurrency` senders for `durationMs`, then waits for those under way. */
export async function uploadRate(
  baseUrl: string,
  photo: Buffer,
  { concurrency = 4, durationMs = 10_000, warmUps = 2 } = {},
): Promise<UploadRateFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const runId = Date.now().toString(36);
  let sent = 0;
  const post = async () => {
    const client = sent++;
    const started = performance.now();
    const { status, doneAt } = await postReport(baseUrl, agent, photo, {
      idempotencyKey: `rate-${runId}-${client}-${randomUUID()}`,
      // Benchmarking addresses (198.18.0.0/15), one per report.
      forwardedFor: `198.18.${Math.floor(client / 250) % 256}.${(client % 250) + 1}`,
    });
    return { status, ms: doneAt - started };
  };
  try {
    for (let i = 0; i < warmUps; i++) await post();
    const times: number[] = [];
    const others: Record<string, number> = {};
    let accepted = 0;
    const started = performance.now();
    const stopAt = started + durationMs;
    const sender = async () => {
      while (performance.now() < stopAt) {
        const { status, ms } = await post();
        times.push(ms);
        if (status === 201) accepted++;
        else others[status] = (others[status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, sender));
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    return {
      concurrency,
      seconds,
      accepted,
      uploadsPerSecond: accepted / seconds,
      others,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
    };
  } finally {
    agent.destroy();
  }
}
