// Runs the phone's own photo preparation (src/client/features/reports/photo/prepare-photo.ts, bundled
// as the browser gets it) in Chromium on a photo given as bytes, and hands back the prepared photo's
// bytes: for the browser test of its size and the bench's figure.
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';

const entry = path.resolve(import.meta.dirname, '../src/client/features/reports/photo/prepare-photo.ts');
let bundle: Promise<string> | undefined;

function preparePhotoBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'cuePreparePhoto',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

export interface PreparedInBrowser {
  bytes: Buffer;
  name: string;
  gps: { latitude: number; longitude: number } | null;
  /** The browser's own time to prepare it, in milliseconds. */
  ms: number;
}

export async function prepareInChromium(
  browser: Browser,
  photo: Buffer,
  file = { name: 'IMG_0001.jpg', type: 'image/jpeg' },
): Promise<PreparedInBrowser> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>Photo preparation</title>');
    await page.addScriptTag({ content: await preparePhotoBundle() });
    const answer = await page.evaluate(
      async ({ base64, name, type }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const chosen = new File([bytes], name, { type });
        const started = performance.now();
        const prepared = await (
          window as unknown as {
            cuePreparePhoto: {
              preparePhoto: (f: File) => Promise<{ blob: Blob; name: string; gps: PreparedInBrowser['gps'] }>;
            };
          }
        ).cuePreparePhoto.preparePhoto(chosen);
        const ms = performance.now() - started;
        const out = new Uint8Array(await prepared.blob.arrayBuffer());
        let binary = '';
        for (let i = 0; i < out.length; i += 0x8000) binary += String.fromCharCode(...out.subarray(i, i + 0x8000));
        return { base64: btoa(binary), name: prepared.name, gps: prepared.gps, ms };
      },
      { base64: photo.toString('base64'), ...file },
    );
    return { bytes: Buffer.from(answer.base64, 'base64'), name: answer.name, gps: answer.gps, ms: answer.ms };
  } finally {
    await context.close();
  }
}
