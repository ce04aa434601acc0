// The map's answer at a city's volume: views of Edinburgh at every zoom from the whole city to a street,
// through the real app over the list bench's 100,000 reports (report-list.ts calls it with its app).
// Budgets: p99 <= 30 ms and <= 60 kB on the wire (Brotli) for any view; the index's making, once per
// change to the reports, is printed beside them.
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { urlOf } from '#shared/contracts/http.ts';
import { mulberry32 } from '../scripts/seed-reports.ts';
import { percentile, ratio, type Row } from './table.ts';

const VIEW_BUDGET_MS = 30;
const VIEW_BUDGET_BYTES = 60_000;
/** The city as the seed spreads its reports, west, south, east, north. */
const CITY = [-3.3, 55.9, -3.1, 56.0] as const;
const VIEWS_PER_ZOOM = 20;
/** A phone's screen of 390 x 844 px, in degrees at each zoom (256 px tiles at 360 degrees across). */
const viewSize = (zoom: number) => ({
  width: (390 / 256) * (360 / 2 ** zoom),
  height: (844 / 256) * (180 / 2 ** zoom),
});

export async function benchMapViews(app: FastifyInstance, name: string): Promise<Row[]> {
  const random = mulberry32(42);
  const get = async (bbox: number[], zoom: number) => {
    const url = urlOf('/api/map', {}, { bbox: bbox.map((n) => n.toFixed(5)).join(','), zoom });
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
    const body =
      response.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(response.rawPayload)
        : response.rawPayload;
    const { features } = JSON.parse(body.toString()) as { features: unknown[] };
    return { ms, bytes: response.rawPayload.length, features: features.length };
  };
  // The first view after a change makes the index; every later one is answered from it.
  const made = await get([...CITY], 11);
  const times: number[] = [];
  let largest = { bytes: 0, zoom: 0, features: 0 };
  for (let zoom = 11; zoom <= 18; zoom++) {
    const { width, height } = viewSize(zoom);
    for (let view = 0; view < VIEWS_PER_ZOOM; view++) {
      const west = CITY[0] + random() * Math.max(0, CITY[2] - CITY[0] - width);
      const south = CITY[1] + random() * Math.max(0, CITY[3] - CITY[1] - height);
      const answer = await get([west, south, west + width, south + height], zoom);
      times.push(answer.ms);
      if (answer.bytes > largest.bytes) largest = { bytes: answer.bytes, zoom, features: answer.features };
    }
  }
  const p99 = percentile(times, 0.99);
  return [
    {
      metric: `Map view on ${name}: a phone's view at zooms 11-18, p50 / p99 (${times.length} views)`,
      value: `${percentile(times, 0.5).toFixed(1)} ms / ${p99.toFixed(1)} ms (${ratio(p99, VIEW_BUDGET_MS)})`,
      budget: `p99 <= ${VIEW_BUDGET_MS} ms`,
      limit: `first view, making the index: ${made.ms.toFixed(0)} ms`,
      status: p99 <= VIEW_BUDGET_MS ? 'PASS' : 'FAIL',
    },
    {
      metric: `Map view on ${name}: the largest answer on the wire (Brotli)`,
      value: `${(largest.bytes / 1000).toFixed(1)} kB, zoom ${largest.zoom}, ${largest.features} features (${ratio(largest.bytes, VIEW_BUDGET_BYTES)})`,
      budget: `<= ${VIEW_BUDGET_BYTES / 1000} kB`,
      status: largest.bytes <= VIEW_BUDGET_BYTES ? 'PASS' : 'FAIL',
    },
  ];
}
