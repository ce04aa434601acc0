// Where the map's basemap comes from: a provider's style by default, named in the CSP; or the app's
// own PMTiles extract in DATA_DIR, its style made here and its bytes served by HTTP range with long
// caching, which the `pmtiles` reader in the browser reads tile by tile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PMTiles, type Source } from 'pmtiles';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { pmtilesFile, rasterTiles, type TileArea } from '#tests/pmtiles-file.ts';

const AREA: TileArea = { minZoom: 10, maxZoom: 11, bounds: [-3.25, 55.92, -3.15, 55.97] };

describe('the basemap from a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        trustProxy: undefined,
        map: { styleUrl: 'https://tiles.example.org/styles/city' },
      },
    });
  });
  afterAll(async () => t?.close());

  it('names the style, and the CSP lets the page fetch from its origin and nowhere else new', async () => {
    const response = await t.app.inject('/api/map/basemap');
    expect(response.json()).toEqual({ styleUrl: 'https://tiles.example.org/styles/city' });
    // The policy is the page's: the map's page is what fetches the style and its tiles.
    const csp = String((await t.app.inject('/map')).headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.example\.org;/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tiles\.example\.org;/);
    expect(csp).toMatch(/script-src 'self';/);
  });

  it('has no extract to give', async () => {
    expect((await t.app.inject('/api/map/style')).statusCode).toBe(404);
    expect((await t.app.inject(`/api/map/tiles/${'0'.repeat(16)}`)).statusCode).toBe(404);
  });
});

describe('the basemap from our own extract', () => {
  let t: TestApp;
  let dir: string;
  let file: Buffer;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-basemap-'));
    file = pmtilesFile(await rasterTiles(AREA), AREA);
    fs.writeFileSync(path.join(dir, 'edinburgh.pmtiles'), file);
    t = await buildTestApp('sqlite', {
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        trustProxy: undefined,
        map: { styleUrl: 'https://tiles.example.org/styles/city', pmtilesPath: path.join(dir, 'edinburgh.pmtiles') },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function tilesUrl(): Promise<string> {
    const style = (await t.app.inject('/api/map/style')).json<{ sources: { basemap: { url: string } } }>();
    return style.sources.basemap.url.replace(/^pmtiles:\/\//, '');
  }

  it('draws our own style over the extract, and the CSP names no other origin', async () => {
    const basemap = await t.app.inject('/api/map/basemap');
    expect(basemap.json()).toEqual({ styleUrl: '/api/map/style' });
    expect(String((await t.app.inject('/map')).headers['content-security-policy'])).toMatch(/connect-src 'self';/);
    const style = (await t.app.inject('/api/map/style')).json<{ sources: Record<string, object> }>();
    expect(style.sources.basemap).toMatchObject({
      type: 'raster',
      attribution: '© OpenStreetMap contributors',
      url: expect.stringMatching(/^pmtiles:\/\/\/api\/map\/tiles\/[0-9a-f]{16}$/),
    });
  });

  it('answers a range with 206 and the bytes asked for, cached for good', async () => {
    const response = await t.app.inject({
      url: await tilesUrl(),
      headers: { range: 'bytes=0-126', 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-126/${file.length}`);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(file.subarray(0, 127))).toBe(true);

    const whole = await t.app.inject(await tilesUrl());
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(file)).toBe(true);
  });

  it('refuses a range past the end, and an old version of the file', async () => {
    const past = await t.app.inject({ url: await tilesUrl(), headers: { range: `bytes=${file.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.length}`);
    expect((await t.app.inject(`/api/map/tiles/${'0'.repeat(16)}`)).statusCode).toBe(404);
  });

  it('is read tile by tile by the pmtiles reader, as the browser reads it', async () => {
    const url = await tilesUrl();
    const source: Source = {
      getKey: () => url,
      async getBytes(offset, length) {
        const response = await t.app.inject({ url, headers: { range: `bytes=${offset}-${offset + length - 1}` } });
        expect(response.statusCode).toBe(206);
        const bytes = response.rawPayload;
        return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
      },
    };
    const reader = new PMTiles(source);
    const header = await reader.getHeader();
    expect([header.minZoom, header.maxZoom]).toEqual([10, 11]);
    // The tile over Waverley at zoom 11.
    const tile = await reader.getZxy(11, 1005, 638);
    expect(Buffer.from(tile!.data).subarray(1, 4).toString()).toBe('PNG');
  });
});
