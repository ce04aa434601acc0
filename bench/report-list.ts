// The management list at 100,000 reports, on SQLite and on PostgreSQL: a page
// of 50 cards for every status filter x sort, the next page after a cursor, a page asked by its
// position (half way down and at the end), a search, and the size
// of an unchanged refresh on the wire; then the map's views over the same reports (map-view.ts). Timed in-process through the real app (routing, validation,
// queries and serialisation), so the figures are the server's own time.
// Run alone: `node --import tsx bench/report-list.ts` (PostgreSQL when TEST_DATABASE_URL is set;
// BENCH_LIST_REPORTS=20000 for a quicker try at a smaller size).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '#server/app.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { WARM_UP_STATEMENTS } from '#server/db/driver-tuning.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { hashPasscode } from '#server/secrets.ts';
import { REPORT_LIST_SORTS, REPORT_LIST_STATUSES } from '#shared/domain/report-list.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { createTestDatabase } from '#tests/databases.ts';
import { seedingHandle } from '#tests/seeding-handle.ts';
import { seedReports, settleAfterLoad } from '../scripts/seed-reports.ts';
import { formatTable, percentile, ratio, type Row } from './table.ts';
import { benchDashboardInBrowser } from './report-list-browser.ts';
import { buildClient } from './client-js.ts';
import { inOwnProcess, ranDirectly } from './own-process.ts';
import { benchMapViews } from './map-view.ts';
import { LOADING_TIMEOUTS } from './seeded-city.ts';

/** The budgets hold at 100,000; BENCH_LIST_REPORTS asks for fewer (a quicker try, not the budget's figure). */
export const LIST_REPORTS = Number(process.env.BENCH_LIST_REPORTS ?? 100_000);
const PAGE_BUDGET_MS = 20;
const SEARCH_BUDGET_MS = 50;
/** Going straight to a place far down the list steps over the reports before it in an index. */
const POSITION_BUDGET_MS = 50;
const POSITION_ROUNDS = 3;
const REFRESH_BUDGET_BYTES = 1024;
const ROUNDS = 10;
const PASSCODE = '135790';
const SEARCHES = ['tag', 'abandon', 'bus shelter', 'able.', '#4242', 'railway bridge', 'zoo', 'shop shutter'];

export type ListDatabase = 'sqlite' | 'postgres';

/**
 * The list's server-side figures over 100,000 reports; with `clientDir` (a built client), also the
 * dashboard's figures in Chromium over the same database.
 */
export async function benchReportList(kind: ListDatabase, workDir: string, clientDir?: string): Promise<Row[]> {
  if (kind === 'postgres' && !process.env.TEST_DATABASE_URL) {
    return [
      { metric: 'Management list on PostgreSQL', value: 'TEST_DATABASE_URL not set', budget: '-', status: 'SKIP' },
    ];
  }
  const dir = path.join(workDir, `list-${kind}`);
  fs.mkdirSync(path.join(dir, 'photos'), { recursive: true });
  const database: DatabaseHandle =
    kind === 'sqlite'
      ? openDatabase({ kind: 'sqlite', filename: path.join(dir, 'app.db') })
      : await createTestDatabase('postgres', { timeouts: LOADING_TIMEOUTS });
  try {
    if (kind === 'sqlite') await migrateToLatest(database.db as never, database.dialect);
    const storage = localPhotoStorage(path.join(dir, 'photos'));
    await seedReports(database.db, storage, LIST_REPORTS);
    await settleAfterLoad(database.db, database.dialect);
    const app = await buildApp({
      config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: undefined },
      logger: false,
      database,
      storage,
      adminPasscodeHash: hashPasscode(PASSCODE),
      clientDir,
    });
    await app.ready();
    // As the server's start does: the pool's kept connections opened and warmed.
    await database.warmUp?.(WARM_UP_STATEMENTS);
    try {
      const get = async (query: Record<string, unknown>, headers: Record<string, string> = {}) => {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: urlOf('/api/reports', {}, query), headers });
        const ms = performance.now() - started;
        if (response.statusCode !== 200 && response.statusCode !== 304) {
          throw new Error(`GET ${urlOf('/api/reports', {}, query)} answered ${response.statusCode}: ${response.body}`);
        }
        return { ms, response };
      };

      // Every filter x sort (and no sort): the first page and the page after it, ROUNDS times each.
      const pageTimes: number[] = [];
      let worst = { ms: 0, what: '' };
      for (const status of REPORT_LIST_STATUSES) {
        for (const sort of [undefined, ...REPORT_LIST_SORTS]) {
          const query = { status, sort, limit: 50 };
          await get(query); // warm
          for (let round = 0; round < ROUNDS; round++) {
            const first = await get(query);
            const next = await get({ ...query, cursor: (first.response.json() as { nextCursor: string }).nextCursor });
            pageTimes.push(first.ms, next.ms);
            for (const { ms } of [first, next])
              if (ms > worst.ms) worst = { ms, what: `${status} x ${sort ?? 'none'}` };
          }
        }
      }
      // A page asked by its position ('Go to Report #n'): half way down each list and its last page.
      const positionTimes: number[] = [];
      for (const status of REPORT_LIST_STATUSES) {
        const { total: shown } = (await get({ status, limit: 50 })).response.json() as { total: number };
        for (const sort of [undefined, ...REPORT_LIST_SORTS]) {
          for (const position of [Math.ceil(shown / 2), Math.max(1, shown - 49)]) {
            const query = { status, sort, position, limit: 50 };
            await get(query); // warm
            for (let round = 0; round < POSITION_ROUNDS; round++) positionTimes.push((await get(query)).ms);
          }
        }
      }
      const searchTimes: number[] = [];
      for (const q of SEARCHES) await get({ q, limit: 50 });
      for (let round = 0; round < ROUNDS; round++) {
        for (const q of SEARCHES)
          searchTimes.push((await get({ q, status: round % 2 ? 'all' : 'reported', limit: 50 })).ms);
      }
      const first = await get({ status: 'all', limit: 50 });
      const unchanged = await get(
        { status: 'all', limit: 50 },
        { 'if-none-match': String(first.response.headers.etag) },
      );
      const refreshBytes = wireBytes(unchanged.response);
      const total = (first.response.json() as { total: number }).total;

      const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      const pageP99 = percentile(pageTimes, 0.99);
      const searchP99 = percentile(searchTimes, 0.99);
      const positionP99 = percentile(positionTimes, 0.99);
      const mapViews = await benchMapViews(app, name);
      const inBrowser: Row[] = [];
      if (clientDir) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        inBrowser.push(
          ...(await benchDashboardInBrowser({
            baseUrl: `http://127.0.0.1:${port}`,
            passcode: PASSCODE,
            // New reports go in beside the app, as a test's seed does: through a handle that tells the list.
            db: seedingHandle(database).db,
            name,
          })),
        );
      }
      return [
        {
          metric: `List on ${name}, ${total.toLocaleString('en-GB')} reports: page of 50, p50 / p99 (${pageTimes.length} pages, 4 filters x 5 sorts)`,
          value: `${ms(percentile(pageTimes, 0.5))} / ${ms(pageP99)} (${ratio(pageP99, PAGE_BUDGET_MS)}; slowest ${worst.what})`,
          budget: `p99 <= ${PAGE_BUDGET_MS} ms`,
          status: pageP99 <= PAGE_BUDGET_MS ? 'PASS' : 'FAIL',
        },
        {
          metric: `List on ${name}: a page from a position (half way, last page), p50 / p99 (${positionTimes.length} pages)`,
          value: `${ms(percentile(positionTimes, 0.5))} / ${ms(positionP99)} (${ratio(positionP99, POSITION_BUDGET_MS)})`,
          budget: `p99 <= ${POSITION_BUDGET_MS} ms`,
          status: positionP99 <= POSITION_BUDGET_MS ? 'PASS' : 'FAIL',
        },
        {
          metric: `List on ${name}: search, p50 / p99 (${searchTimes.length} searches)`,
          value: `${ms(percentile(searchTimes, 0.5))} / ${ms(searchP99)} (${ratio(searchP99, SEARCH_BUDGET_MS)})`,
          budget: `p99 <= ${SEARCH_BUDGET_MS} ms`,
          status: searchP99 <= SEARCH_BUDGET_MS ? 'PASS' : 'FAIL',
        },
        {
          metric: `Machine load during the list bench on ${name} (1-minute average, ${os.cpus().length} CPUs)`,
          value: os.loadavg()[0]!.toFixed(1),
          budget: '-',
          status: '',
        },
        {
          metric: `List on ${name}: an unchanged refresh on the wire (${unchanged.response.statusCode})`,
          value: `${refreshBytes} bytes (${ratio(refreshBytes, REFRESH_BUDGET_BYTES)})`,
          budget: `<= ${REFRESH_BUDGET_BYTES} bytes`,
          status: unchanged.response.statusCode === 304 && refreshBytes <= REFRESH_BUDGET_BYTES ? 'PASS' : 'FAIL',
        },
        ...mapViews,
        ...inBrowser,
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** The status line, headers and body as they would cross the wire. */
function wireBytes(response: { headers: Record<string, unknown>; rawPayload: Buffer }): number {
  const head = Object.entries(response.headers)
    .map(([name, value]) => `${name}: ${String(value)}\r\n`)
    .join('');
  return Buffer.byteLength(`HTTP/1.1 304 Not Modified\r\n${head}\r\n`) + response.rawPayload.length;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The same rows, timed in a node process of its own (PostgreSQL's page p99 24.6 ms in the whole
 * bench's process, 14.6 ms in its own).
 */
export function benchReportListInOwnProcess(kind: ListDatabase, workDir: string, clientDir?: string) {
  return inOwnProcess<Row[]>(import.meta.filename, {
    BENCH_LIST_JSON: '1',
    BENCH_LIST_KIND: kind,
    BENCH_LIST_WORK_DIR: workDir,
    BENCH_LIST_CLIENT_DIR: clientDir ?? '',
  });
}

const { BENCH_LIST_JSON, BENCH_LIST_KIND, BENCH_LIST_WORK_DIR, BENCH_LIST_CLIENT_DIR } = process.env;
const ranAlone = ranDirectly(import.meta);
if (ranAlone && BENCH_LIST_JSON) {
  // One database's rows for benchReportListInOwnProcess, in the whole bench's folder and client.
  const rows = await benchReportList(
    BENCH_LIST_KIND as ListDatabase,
    BENCH_LIST_WORK_DIR!,
    BENCH_LIST_CLIENT_DIR || undefined,
  );
  console.log(JSON.stringify(rows));
} else if (ranAlone) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-list-bench-'));
  try {
    const clientDir = path.join(workDir, 'client');
    await buildClient(path.resolve(import.meta.dirname, '..'), clientDir);
    const rows = [
      ...(await benchReportList('sqlite', workDir, clientDir)),
      ...(await benchReportList('postgres', workDir, clientDir)),
    ];
    console.log(formatTable(rows));
    process.exitCode = rows.some((row) => row.status === 'FAIL') ? 1 : 0;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
