// Which map library: the same minimal map of the /map screen (a plain background, the attribution, 200
// sites of the city drawn as dots) built once with MapLibre GL JS and once with Leaflet, each measured
// as the map screen would load it:
//   - the JavaScript (and CSS) the map needs, each file gzipped at level 9 as the other bench rows are;
//   - on a phone profile (390 x 844 at 3x, CPU slowed 4x through the DevTools protocol), the time from
//     the start of the page to the first site drawn on screen, and the main thread's busy time by then.
// The basemap is left out of both: it comes over the network from a provider or our own extract, and
// is the same wait for either; what differs is the library's own cost.
//
// Run: node --import tsx bench/map-library.ts   (prints one row per library; medians of RUNS loads)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '#tests/chromium.ts';

const RUNS = 5;
const repoRoot = path.resolve(import.meta.dirname, '..');

/** 200 sites scattered over the city centre, the same for both. */
const sites = Array.from({ length: 200 }, (_, i) => [
  -3.24 + (((i * 7919) % 1000) / 1000) * 0.12,
  55.92 + (((i * 104729) % 1000) / 1000) * 0.06,
]);

const prototypes: Record<string, string> = {
  // The floor: the same page with no map at all, marked as drawn after two frames.
  none: `requestAnimationFrame(() => requestAnimationFrame(() => { performance.mark('site-drawn'); }));`,
  maplibre: `
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
maplibregl.setWorkerUrl(workerUrl);
const sites = ${JSON.stringify(sites)};
const map = new maplibregl.Map({
  container: 'map', center: [-3.19, 55.95], zoom: 12, attributionControl: { compact: false,
  customAttribution: '© OpenStreetMap contributors' },
  style: { version: 8, sources: { sites: { type: 'geojson', data: { type: 'FeatureCollection',
    features: sites.map((c) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: c } })) } } },
    layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eef2ef' } },
      { id: 'sites', type: 'circle', source: 'sites', paint: { 'circle-radius': 7, 'circle-color': '#b45309',
        'circle-stroke-width': 2, 'circle-stroke-color': '#fff' } }] },
});
map.once('idle', () => requestAnimationFrame(() => { performance.mark('site-drawn'); }));
`,
  leaflet: `
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
const sites = ${JSON.stringify(sites)};
const map = L.map('map', { preferCanvas: true, attributionControl: true }).setView([55.95, -3.19], 12);
map.attributionControl.addAttribution('© OpenStreetMap contributors');
for (const [lng, lat] of sites) L.circleMarker([lat, lng], { radius: 7, color: '#fff', weight: 2, fillColor: '#b45309', fillOpacity: 1 }).addTo(map);
requestAnimationFrame(() => requestAnimationFrame(() => { performance.mark('site-drawn'); }));
`,
};

const page = (name: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title>
<style>html,body{margin:0;height:100%}#map{height:100%;background:#eef2ef}</style></head>
<body><div id="map"></div><script type="module" src="./${name}.ts"></script></body></html>`;

interface Row {
  library: string;
  jsGzip: number;
  cssGzip: number;
  firstSiteMs: number;
  mainThreadMs: number;
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(library: string, workDir: string, executablePath: string): Promise<Row> {
  const root = path.join(workDir, library);
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), page(library));
  fs.writeFileSync(path.join(root, `${library}.ts`), prototypes[library]!);
  const outDir = path.join(root, 'dist');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false } },
  });
  const assets = fs.readdirSync(path.join(outDir, 'assets')).map((file) => path.join(outDir, 'assets', file));
  const jsGzip = assets.filter((f) => /\.m?js$/.test(f)).reduce((sum, f) => sum + gzipSize(f), 0);
  const cssGzip = assets.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipSize(f), 0);

  const server = http.createServer((request, response) => {
    const file = path.join(outDir, request.url === '/' ? 'index.html' : decodeURIComponent(request.url!));
    if (!file.startsWith(outDir) || !fs.existsSync(file)) return void response.writeHead(404).end();
    const type = /\.m?js$/.test(file) ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    response.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // WebGL through SwiftShader, as a phone without a usable GPU driver would get it in software.
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-gpu'), '--enable-unsafe-swiftshader'],
  });
  const firsts: number[] = [];
  const busy: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      const tab = await context.newPage();
      if (process.env.DEBUG_MAP) tab.on('console', (m) => console.log(library, m.type(), m.text()));
      if (process.env.DEBUG_MAP) tab.on('pageerror', (e) => console.log(library, 'error', e.message));
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Performance.enable');
      await tab.goto(url);
      await tab.waitForFunction(() => performance.getEntriesByName('site-drawn').length > 0, undefined, {
        timeout: 30_000,
      });
      firsts.push(await tab.evaluate(() => performance.getEntriesByName('site-drawn')[0]!.startTime));
      const { metrics } = await cdp.send('Performance.getMetrics');
      busy.push((metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN) * 1000);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return { library, jsGzip, cssGzip, firstSiteMs: median(firsts), mainThreadMs: median(busy) };
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  // Inside the repository, so the prototypes resolve the installed packages.
  const workDir = fs.mkdtempSync(path.join(repoRoot, '.map-library-'));
  try {
    const installed = Object.keys(prototypes).filter(
      (name) =>
        name === 'none' ||
        fs.existsSync(path.join(repoRoot, 'node_modules', name === 'maplibre' ? 'maplibre-gl' : name)),
    );
    const rows: Row[] = [];
    for (const library of installed) rows.push(await measure(library, workDir, executablePath));
    console.log('library    JS gzip   CSS gzip  first site (ms)  main thread (ms)');
    for (const row of rows) {
      console.log(
        `${row.library.padEnd(10)} ${(row.jsGzip / 1024).toFixed(1).padStart(6)} kB ${(row.cssGzip / 1024)
          .toFixed(1)
          .padStart(6)} kB ${row.firstSiteMs.toFixed(0).padStart(12)} ${row.mainThreadMs.toFixed(0).padStart(17)}`,
      );
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
