// What the one process serves besides the API: the built client with the right cache headers, the
// SPA for page paths (404 for unknown ones), security headers, and an honest health check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOpeningUrls } from '#shared/contracts/admin-opening.ts';
import { SESSION_COOKIES } from '#server/plugins/auth.ts';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';

const bigScript = Buffer.from(`export const words = ${JSON.stringify('graffiti '.repeat(400))};\n`);

describe('the app around the API', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>Clean Up Edinburgh</title>' +
        '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    // A larger script, written beside itself compressed as the build does.
    fs.writeFileSync(path.join(clientDir, 'assets', 'screen-s1.js'), bigScript);
    fs.writeFileSync(path.join(clientDir, 'assets', 'screen-s1.js.br'), zlib.brotliCompressSync(bigScript));
    fs.writeFileSync(path.join(clientDir, 'assets', 'screen-s1.js.gz'), zlib.gzipSync(bigScript));
    // The build's manifest: the first bundle, and the administrators' screen loaded on demand.
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_framework-f1.js'] },
        '_framework-f1.js': { file: 'assets/framework-f1.js' },
        'features/admin-dashboard/components/admin-dashboard-page.tsx': {
          file: 'assets/admin-dashboard-page-d1.js',
          isDynamicEntry: true,
          imports: ['index.html', '_framework-f1.js', '_header-h1.js'],
          dynamicImports: ['features/admin-dashboard/components/analytics-tab.tsx'],
        },
        '_header-h1.js': { file: 'assets/header-h1.js', imports: ['_icons-i1.js', '_framework-f1.js'] },
        '_icons-i1.js': { file: 'assets/icons-i1.js' },
        'features/admin-dashboard/components/analytics-tab.tsx': {
          file: 'assets/analytics-tab-a1.js',
          isDynamicEntry: true,
        },
      }),
    );
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp('sqlite', { clientDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('hashed assets are cached for a year; other files and the page are revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("scripts go as the build compressed them, in the browser's best encoding, and plain to one that takes none", async () => {
    const url = '/assets/screen-s1.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(fs.readFileSync(path.join(clientDir, 'assets', 'screen-s1.js.br')))).toBe(true);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(bigScript)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(bigScript)).toBe(true);
  });

  it.each([
    '/',
    '/about',
    '/volunteers',
    '/volunteer',
    '/volunteer-backend',
    '/volunteer-signin',
    '/volunteers/signin',
    '/volunteers/dashboard',
    '/volunteer-dashboard',
    '/volunteer-portal',
    '/events',
  ])('the page path %s gets the app with status 200', async (url) => {
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });

  it("a screen's page asks at once for the code the screen needs, beyond what the first bundle loads", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const portal = await t.app.inject({ method: 'GET', url: '/volunteer-portal' });
    expect(preloads(portal.body)).toEqual([
      '/assets/admin-dashboard-page-d1.js',
      '/assets/header-h1.js',
      '/assets/icons-i1.js',
    ]);
    // In the head, before the page's body.
    expect(portal.body.indexOf('modulepreload')).toBeLessThan(portal.body.indexOf('</head>'));
    expect(preloads((await t.app.inject({ method: 'GET', url: '/volunteer-portal/' })).body)).toHaveLength(3);
    // The home page is the first bundle; a screen the build does not list gets the plain page.
    expect(preloads((await t.app.inject({ method: 'GET', url: '/' })).body)).toEqual([]);
    expect(preloads((await t.app.inject({ method: 'GET', url: '/about' })).body)).toEqual([]);
    // The manifest itself is not served.
    expect((await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it("an administrator's page with the report list asks at once for the administrator check and the list's first page", async () => {
    const dataPreloads = (body: string) =>
      [...body.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) =>
        m[1]!.replaceAll('&amp;', '&'),
      );
    const asAdministrator = { cookie: `${SESSION_COOKIES.admin}=any` };
    const portal = await t.app.inject({ method: 'GET', url: '/volunteer-portal', headers: asAdministrator });
    expect(dataPreloads(portal.body)).toEqual(['/api/admin/me', '/api/reports?status=all&limit=50']);
    expect(adminOpeningUrls).toEqual(dataPreloads(portal.body));
    // Named before the scripts, so they are asked for first.
    expect(portal.body.indexOf('rel="preload"')).toBeLessThan(portal.body.indexOf('<script'));
    // Anyone else, and an administrator's other pages, ask for nothing of the kind.
    expect(dataPreloads((await t.app.inject({ method: 'GET', url: '/volunteer-portal' })).body)).toEqual([]);
    const about = await t.app.inject({ method: 'GET', url: '/about', headers: asAdministrator });
    expect(dataPreloads(about.body)).toEqual([]);
    // So a cache between the two keeps the administrator's page apart from everyone else's.
    expect(portal.headers.vary).toMatch(/\bcookie\b/i);
  });

  it('an unknown page path gets the app (which shows the 404 page) with status 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<div id="root">');
  });

  it.each(['/events/abc', '/events/0', '/events/12/more'])(
    'an event path without an event number, %s, gets the app with status 404',
    async (url) => {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    },
  );

  it('a missing photo is a JSON 404, not the page', async () => {
    const photo = await t.app.inject({ method: 'GET', url: '/photos/nothing.jpg' });
    expect(photo.statusCode).toBe(404);
    expect(photo.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('pages carry the security headers: a CSP without inline script, nosniff, no framing, a strict referrer policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http (localhost): no HSTS, which would pin a developer's browser to https.
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it("the API's data answers carry a data answer's headers: nothing may load or frame them, no sniffing", async () => {
    for (const answer of [
      await t.app.inject({ method: 'GET', url: '/api/reports' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
    ]) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
    // A page the API answers (the one-click unsubscribe's) keeps the page's policy.
    const page = await t.app.inject({ method: 'GET', url: '/api/alerts/unsubscribe?token=not-a-token' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it("every answer names its request id, the server's own even when the client sends one", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('errors have one body shape', async () => {
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/nothing' });
    expect(Object.keys(missing.json()).sort()).toEqual(['error', 'message', 'statusCode']);
  });
});

describe('a failure inside the server', () => {
  it('answers a 500 that hides the internals, and a report whose row could not be written leaves no photo behind', async () => {
    const t = await buildTestApp('sqlite');
    // The database disappears between the photo being stored and the row being written.
    await t.database.db.schema.dropTable('report_photos').execute();
    await t.database.db.schema.dropTable('cleanups').execute();
    await t.database.db.schema.dropTable('reports').execute();
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toMatch(/reports|sqlite|table/i);
    expect(t.storedPhotos()).toEqual([]);
    await t.close();
  });
});

describe('the health check', () => {
  it('answers 503 when the database does not answer', async () => {
    const t = await buildTestApp('sqlite');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'sqlite',
    });
    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database is not answering.',
    });
    await t.close();
  });
});

describe('the log', () => {
  async function linesLoggedAt(level: 'info' | 'debug'): Promise<string[]> {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const t = await buildTestApp('sqlite', { logger: { level, stream } });
    try {
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/stats' });
    } finally {
      await t.close();
    }
    return lines.filter((line) => line.includes('/api/stats'));
  }

  it('records no line per request at the default level, so polling dashboards do not drown it', async () => {
    expect(await linesLoggedAt('info')).toEqual([]);
  });

  it('records each request as it arrives and as it is answered at debug level', async () => {
    const lines = (await linesLoggedAt('debug')).map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(
      Array.from({ length: 3 }, () => ['incoming request', 'GET /api/stats 200']).flat(),
    );
  });
});
