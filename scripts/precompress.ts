// A build step: every text file the server sends as it is (scripts, styles, icons, the manifest, the
// service worker) is written beside itself compressed once, as `.br` (Brotli at its best quality) and
// `.gz`, and the server sends those bytes as they are. Compressing at each request instead cost the
// server CPU on every page's twenty-odd scripts, and at a quality low enough for that the files were
// larger on the wire. Sourcemaps and the build's own manifest are not served, so they are left.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|svg|webmanifest|json|txt)$/;
/** Below this the compressed file would save less than a packet; the server sends these as they are. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the service worker comes last).
    closeBundle: { order: 'post', sequential: true, handler: () => precompressDir(outDir) },
  };
}

export async function precompressDir(dir: string): Promise<void> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('.vite'));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
}
