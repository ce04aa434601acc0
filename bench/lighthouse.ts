// Lighthouse on the home page under its default mobile emulation (a mid-range phone on a slow 4G
// link, simulated), against the client built for this bench and served by the real app in-process.
// Lighthouse 12.8 is the last release that runs on Node 20; it drives the system Chromium.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, findChromium } from '#tests/chromium.ts';
import { startLocalServer } from '#tests/local-server.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export async function runLighthouse(clientDir: string, workDir: string): Promise<LighthouseFigures> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('no Chromium (set CHROMIUM_PATH or apt-get install chromium)');

  const server = await startLocalServer({ clientDir, adminPasscode: '123456' });
  const userDataDir = path.join(workDir, 'chrome');
  fs.mkdirSync(userDataDir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, userDataDir });
  try {
    const result = await lighthouse(`${server.url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    };
  } finally {
    await chrome.kill();
    await server.close();
  }
}
