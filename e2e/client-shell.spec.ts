// The real build: every screen the router loads on demand is in the build's manifest, so its page
// asks for the screen's code with the page, and every file it names is in the build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { clientShell } from '#server/client-shell.ts';
import { eventPagePath, pagePaths, reportStatusPath, routes } from '#shared/routes.ts';

describe('the pages of the built client', () => {
  const clientDir = inject('clientDir');
  const shell = clientShell(clientDir);

  it('knows the module of every screen loaded on demand', () => {
    expect(shell.unknownModules()).toEqual([]);
  });

  const screenPaths = [
    ...Object.values(routes)
      .flat()
      .filter((urlPath) => urlPath !== routes.home),
    eventPagePath(12),
    reportStatusPath('a'.repeat(43)),
  ];

  it.each(screenPaths)('%s asks at once for files of the build beyond the first bundle', (urlPath) => {
    const assets = (html: string) => [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    const firstBundle = assets(shell.htmlFor('/'));
    const files = assets(shell.htmlFor(urlPath)).filter((file) => !firstBundle.includes(file));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.existsSync(path.join(clientDir, file)), file).toBe(true);
  });

  it.each([pagePaths.management])(
    '%s asks an administrator for the administrator screen, and no one else',
    (urlPath) => {
      const assets = (html: string) => new Set([...html.matchAll(/href="\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
      const forAdministrator = assets(shell.htmlFor(urlPath, true));
      const forVolunteer = assets(shell.htmlFor(urlPath, false));
      const onlyAdministrator = [...forAdministrator].filter((file) => !forVolunteer.has(file));
      const onlyVolunteer = [...forVolunteer].filter((file) => !forAdministrator.has(file));
      expect(onlyAdministrator.length).toBeGreaterThan(0);
      expect(onlyVolunteer.length).toBeGreaterThan(0);
    },
  );

  it('every file the build wrote compressed holds that same file, so no one is sent stale code', () => {
    const files = fs
      .readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(br|gz)$/.test(file));
    // The scripts, the styles and the service worker at least.
    expect(files.filter((file) => file.endsWith('.js.br')).length).toBeGreaterThan(10);
    expect(files).toContain('sw.js.br');
    for (const file of files) {
      const packed = fs.readFileSync(path.join(clientDir, file));
      const unpacked = file.endsWith('.br') ? zlib.brotliDecompressSync(packed) : zlib.gunzipSync(packed);
      expect(unpacked.equals(fs.readFileSync(path.join(clientDir, file.replace(/\.(br|gz)$/, '')))), file).toBe(true);
    }
  });
});
