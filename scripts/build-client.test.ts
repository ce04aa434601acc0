import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { buildClient } from './build-client.ts';

it('the client builds without a warning, so the first npm start prints none', async () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-build-'));
  // The app's build and the service worker's own print through the console and straight to the streams.
  const printed: string[] = [];
  const keep = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(keep),
    vi.spyOn(console, 'info').mockImplementation(keep),
    vi.spyOn(console, 'warn').mockImplementation(keep),
    vi.spyOn(console, 'error').mockImplementation(keep),
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (keep(chunk), true)),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (keep(chunk), true)),
  ];
  try {
    await buildClient(outDir);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  try {
    const warnings = printed.flatMap((text) => text.split('\n')).filter((line) => /warn|deprecat/i.test(line));
    expect(warnings).toEqual([]);
    expect(fs.existsSync(path.join(outDir, 'sw.js'))).toBe(true);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
});
