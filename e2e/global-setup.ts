// Before the browser tests: make sure the client is built, and say loudly when there is no Chromium.
import { findChromium } from './support/browser.ts';

export default async function setup(): Promise<void> {
  await import('../scripts/ensure-client-build.ts');
  if (!findChromium()) {
    const message =
      'No Chromium found (set CHROMIUM_PATH, or apt-get install chromium). The browser tests are SKIPPED.';
    if (process.env.REQUIRE_E2E === '1') throw new Error(`${message} REQUIRE_E2E=1 forbids skipping them.`);
    console.warn(`\n\x1b[41m\x1b[97m ${message} \x1b[0m\n`);
  }
}
