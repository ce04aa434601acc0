// Before the browser tests: build the client from the current sources into a folder of this run's
// own (so parallel runs never serve each other's half-built assets), and say loudly when there is
// no Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient } from '../scripts/build-client.ts';
import { AXE_SCRIPT_PATH, axeScriptFile, findChromium } from './support/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
    pickedFilesDir: string;
  }
}

/**
 * The run's folders, made once for every project of browser tests that asks. Each project loads this
 * file afresh, so what they share is kept on the process.
 */
const run = globalThis as {
  cueBrowserTestFolders?: { folders: Promise<{ clientDir: string; pickedFilesDir: string }>; projects: number };
};

async function makeFolders() {
  if (!findChromium()) {
    const message =
      'No Chromium found (set CHROMIUM_PATH, or apt-get install chromium). The browser tests are SKIPPED.';
    if (process.env.REQUIRE_E2E === '1') throw new Error(`${message} REQUIRE_E2E=1 forbids skipping them.`);
    console.warn(`\n\x1b[41m\x1b[97m ${message} \x1b[0m\n`);
  }
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-e2e-client-'));
  await buildClient(clientDir);
  fs.copyFileSync(axeScriptFile(), path.join(clientDir, AXE_SCRIPT_PATH));
  // Where the tests put the photos they pick in file inputs (see pickFiles); gone with the run.
  const pickedFilesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-e2e-picked-'));
  return { clientDir, pickedFilesDir };
}

export default async function setup(project: TestProject): Promise<() => void> {
  const shared = (run.cueBrowserTestFolders ??= { folders: makeFolders(), projects: 0 });
  shared.projects += 1;
  const { clientDir, pickedFilesDir } = await shared.folders;
  project.provide('clientDir', clientDir);
  project.provide('pickedFilesDir', pickedFilesDir);
  return () => {
    // Removed once the last project using them is done.
    if (--shared.projects > 0) return;
    delete run.cueBrowserTestFolders;
    fs.rmSync(clientDir, { recursive: true, force: true });
    fs.rmSync(pickedFilesDir, { recursive: true, force: true });
  };
}
