// The nearest-site search (budget: p99 under 5 ms on the server over 100,000 reports),
// timed in-process on the real repository and service, so the figure is the server's own time.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import { cleanupsRepository } from '#server/features/cleanups/cleanups.repository.ts';
import { findNearby, nearestOpenSite } from '#server/features/cleanups/find-nearby.service.ts';
import { seedReports } from './seed.ts';
import { percentile } from './table.ts';

export interface NearestFigures {
  reports: number;
  searches: number;
  search: { p50Ms: number; p99Ms: number };
  wholeCall: { p50Ms: number; p99Ms: number };
}

export async function benchNearest(workDir: string, reports: number, searches: number): Promise<NearestFigures> {
  const dataDir = path.join(workDir, 'nearest');
  fs.mkdirSync(dataDir, { recursive: true });
  await seedReports(dataDir, reports);
  const database = openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'app.db') });
  try {
    const repository = cleanupsRepository(database.db);
    // Volunteers anywhere in the city, the same points every run.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const points = Array.from({ length: searches }, () => ({
      latitude: 55.9 + next() * 0.1,
      longitude: -3.3 + next() * 0.2,
    }));
    for (const point of points.slice(0, 20)) await nearestOpenSite(repository, point, []); // warm up
    const search = await time(points, (point) => nearestOpenSite(repository, point, []));
    const wholeCall = await time(points, (point) => findNearby(repository, point, []));
    return { reports, searches, search, wholeCall };
  } finally {
    await database.close();
  }
}

async function time<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<{ p50Ms: number; p99Ms: number }> {
  const durations: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await run(item);
    durations.push(performance.now() - started);
  }
  return { p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) };
}
