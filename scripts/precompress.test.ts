// The build's compressed copies: every text file the server sends as it is, and nothing else.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('compressing the built client once, at the build', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside each script, style, icon and manifest of a kilobyte or more, and leaves the rest', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-precompress-'));
    const big = `/* ${'a street of graffiti '.repeat(100)} */`;
    const files: Record<string, string> = {
      'assets/screen-1.js': big,
      'assets/index-1.css': big,
      'sw.js': big,
      'favicon.svg': big,
      'manifest.webmanifest': big,
      'assets/tiny-1.js': 'export {};',
      'assets/screen-1.js.map': big,
      '.vite/manifest.json': big,
      'icon-192.png': big,
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }

    await precompressDir(dir);

    const compressed = ['assets/screen-1.js', 'assets/index-1.css', 'sw.js', 'favicon.svg', 'manifest.webmanifest'];
    for (const file of compressed) {
      const br = fs.readFileSync(path.join(dir, `${file}.br`));
      expect(zlib.brotliDecompressSync(br).toString(), file).toBe(big);
      expect(br.length, file).toBeLessThan(big.length / 4);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${file}.gz`))).toString(), file).toBe(big);
    }
    const written = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(br|gz)$/.test(file))
      .map((file) => file.replace(/\.(br|gz)$/, ''));
    expect(new Set(written)).toEqual(new Set(compressed));
  });
});
