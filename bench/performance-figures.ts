// The public performance figures (budget: the page's data within 200 ms at 100,000 reports), worked
// out in-process on the real repository and service, on SQLite and on PostgreSQL when
// TEST_DATABASE_URL is set: the whole working-out, as when a report has changed since the last answer
// (an unchanged one is a 304 with no query at all).
// Run alone: `node --import tsx bench/performance-figures.ts` (BENCH_PERFORMANCE_REPORTS for another
// size; BENCH_PERFORMANCE_KINDS=sqlite for one database only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { performanceRepository } from '#server/features/analytics/performance.repository.ts';
import { performanceService } from '#server/features/analytics/performance.service.ts';
import { systemClock } from '#server/clock.ts';
import { inOwnProcess, ranDirectly } from './own-process.ts';
import { seededCity, type CityDatabase } from './seeded-city.ts';
import { percentile } from './table.ts';

export const PERFORMANCE_FIGURES_BUDGET_MS = 200;

export type PerformanceDatabase = CityDatabase;

export interface PerformanceFigures {
  kind: PerformanceDatabase;
  reports: number;
  runs: number;
  p50Ms: number;
  p99Ms: number;
}

export async function benchPerformanceFigures(
  kind: PerformanceDatabase,
  workDir: string,
  reports: number,
  runs: number,
): Promise<PerformanceFigures> {
  const database = await seededCity(kind, path.join(workDir, `performance-${kind}`), {
    reports,
    seed: 20261129,
    // Due times on the seeded history: some met, some missed.
    adjust: async (trx) => {
      await sql`update reports set due_at = coalesce(completed_at, reported_at) where id % 2 = 0`.execute(trx);
      await sql`update reports set due_at = reported_at where id % 2 = 1`.execute(trx);
    },
  });
  try {
    const service = performanceService({
      repository: performanceRepository(database.db, database.dialect),
      clock: systemClock,
    });
    for (let i = 0; i < 3; i++) await service.figures();
    const durations: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await service.figures();
      durations.push(performance.now() - started);
    }
    return { kind, reports, runs, p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) };
  } finally {
    await database.close();
  }
}

/** The same figures, timed in a node process of its own. */
export function benchPerformanceFiguresInOwnProcess(kind: PerformanceDatabase, reports: number, runs: number) {
  return inOwnProcess<PerformanceFigures>(import.meta.filename, {
    BENCH_PERFORMANCE_KINDS: kind,
    BENCH_PERFORMANCE_REPORTS: String(reports),
    BENCH_PERFORMANCE_RUNS: String(runs),
    BENCH_PERFORMANCE_JSON: '1',
  });
}

if (ranDirectly(import.meta)) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-performance-'));
  try {
    const kinds = (process.env.BENCH_PERFORMANCE_KINDS?.split(',') ??
      (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'])) as PerformanceDatabase[];
    for (const kind of kinds) {
      const f = await benchPerformanceFigures(
        kind,
        workDir,
        Number(process.env.BENCH_PERFORMANCE_REPORTS ?? 100_000),
        Number(process.env.BENCH_PERFORMANCE_RUNS ?? 20),
      );
      if (process.env.BENCH_PERFORMANCE_JSON) {
        console.log(JSON.stringify(f));
        continue;
      }
      const met = f.p99Ms <= PERFORMANCE_FIGURES_BUDGET_MS;
      if (!met) process.exitCode = 1;
      console.log(
        `${kind}, ${f.reports.toLocaleString('en-GB')} reports, ${f.runs} runs: p50 ${f.p50Ms.toFixed(1)} ms, ` +
          `p99 ${f.p99Ms.toFixed(1)} ms  ${met ? 'PASS' : 'FAIL'} (budget p99 <= ${PERFORMANCE_FIGURES_BUDGET_MS} ms)`,
      );
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
