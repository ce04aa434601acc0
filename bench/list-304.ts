// The unchanged list's 304 beside a bare Fastify answering the same 304 (budget: the bare server at
// most 2x the app's rate), on SQLite and on PostgreSQL. The app knows the list's version in memory,
// so the 304 asks nothing of the database; what is left is routing, hooks and headers.
// The rate compared is 304s per second of the server process's own CPU time (from /proc), which is
// what its requests per second are when it has a core to itself, and which other work on a busy
// machine does not skew. The two are loaded in turns (1 s each) under the same load, and each round's
// ratio is taken from the two turns side by side: the figure is the median round's ratio, so one round
// that met a collection or a timer does not decide the row.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { checkList } from './list-load.ts';
import { createScratchDatabase } from '#tests/databases.ts';
import { startServer } from './server.ts';
import type { Row } from './table.ts';

export const BARE_304_BUDGET_FACTOR = 2;
export const BARE_304_ROUNDS = 9;
const ROUND_S = 1;
const CONNECTIONS = 10;

interface Target {
  baseUrl: string;
  etag: string;
  pid: number;
}

export interface Rate304 {
  /** 304s per second of the server's CPU time, in the median round. */
  perCpuSecond: number;
  /** The best round's 304s per second of wall time. */
  perSecond: number;
}

export interface Compared304 {
  app: Rate304;
  bare: Rate304;
  /** The bare server's rate over the app's, round by round, lowest first. */
  factors: number[];
  /** Whether every answer of every round was a 304. */
  all304: boolean;
}

/** The process's CPU time so far (user and system), in seconds. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The CPUs a process may run on, as taskset lists them ('0-3', '0,2'); null without taskset. */
function affinityOf(pid: number): string | null {
  const shown = spawnSync('taskset', ['-pc', String(pid)], { encoding: 'utf8' });
  return shown.status === 0 ? (shown.stdout.split(':').at(-1)?.trim() ?? null) : null;
}

const cpusIn = (list: string) =>
  list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });

const setAffinity = (pid: number, cpus: string) =>
  spawnSync('taskset', ['-a', '-pc', cpus, String(pid)], { stdio: 'ignore' }).status === 0;

/**
 * The servers on one core of their own, side by side, and the load (this process) on the others: each
 * round then compares the two on the same core, and the load and the machine's other work move the
 * figures far less. Gives back how to put every process as it was; nothing is pinned with one core, or
 * without taskset.
 */
function pinServers(servers: number[]): () => void {
  const own = affinityOf(process.pid);
  const cpus = own === null ? [] : cpusIn(own);
  if (own === null || cpus.length < 2) return () => undefined;
  const before = servers.map((pid) => affinityOf(pid) ?? own);
  const pinned = servers.every((pid) => setAffinity(pid, String(cpus.at(-1))));
  if (pinned) setAffinity(process.pid, cpus.slice(0, -1).join(','));
  return () => {
    servers.forEach((pid, i) => setAffinity(pid, before[i]!));
    setAffinity(process.pid, own);
  };
}

/** Starts the bare server as a child process (as the app runs), then compares it with `app`. */
export async function compareWithBare304(repoRoot: string, app: Target): Promise<Compared304> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'bare-304-server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let unpin = (): void => undefined;
  try {
    const bare = await new Promise<Target>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (!out.includes('\n')) return;
        const { port, etag } = JSON.parse(out.split('\n')[0]!) as { port: number; etag: string };
        resolve({ baseUrl: `http://127.0.0.1:${port}`, etag, pid: child.pid! });
      });
      child.once('exit', () => reject(new Error('The bare server exited before listening')));
    });
    unpin = pinServers([app.pid, bare.pid]);
    const rounds: { app: number; bare: number }[] = [];
    const best = { app: 0, bare: 0 };
    let all304 = true;
    // One round each first, uncounted, so both have compiled their hot paths.
    for (let round = -1; round < BARE_304_ROUNDS; round++) {
      const rates = { app: 0, bare: 0 };
      for (const [name, target] of [
        ['app', app],
        ['bare', bare],
      ] as const) {
        const cpuBefore = cpuSeconds(target.pid);
        const result = await autocannon({
          url: `${target.baseUrl}/api/reports`,
          headers: { 'If-None-Match': target.etag },
          connections: CONNECTIONS,
          duration: ROUND_S,
        });
        rates[name] = result.requests.total / Math.max(cpuSeconds(target.pid) - cpuBefore, 0.01);
        best[name] = Math.max(best[name], result.requests.average);
        const codes = Object.keys(result.statusCodeStats);
        all304 &&= result.errors === 0 && result.timeouts === 0 && codes.length === 1 && codes[0] === '304';
      }
      if (round >= 0) rounds.push(rates);
    }
    const medianOf = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return {
      app: { perCpuSecond: medianOf(rounds.map((r) => r.app)), perSecond: best.app },
      bare: { perCpuSecond: medianOf(rounds.map((r) => r.bare)), perSecond: best.bare },
      factors: rounds.map((r) => r.bare / Math.max(r.app, 1)).toSorted((a, b) => a - b),
      all304,
    };
  } finally {
    unpin();
    child.kill('SIGTERM');
    await exited;
  }
}

/** The row comparing the app's unchanged-list rate on one database with the bare server's. */
export function bare304Row(database: string, figures: Compared304): Row {
  const { app, bare, factors } = figures;
  const factor = factors[Math.floor(factors.length / 2)]!;
  return {
    metric: `GET /api/reports 304 on ${database} beside a bare Fastify 304: per CPU-second (best wall rate)`,
    value: `${app.perCpuSecond.toFixed(0)} (${app.perSecond.toFixed(0)}/s): bare is ${factor.toFixed(2)}x (rounds ${factors[0]!.toFixed(2)}-${factors.at(-1)!.toFixed(2)}x)`,
    budget: `bare <= ${BARE_304_BUDGET_FACTOR}x the app in the median round, all 304`,
    limit: `bare Fastify ${bare.perCpuSecond.toFixed(0)} (${bare.perSecond.toFixed(0)}/s)`,
    status: figures.all304 && factor <= BARE_304_BUDGET_FACTOR ? 'PASS' : 'FAIL',
  };
}

/** A running app server beside the bare server. */
export async function bench304(repoRoot: string, server: { baseUrl: string; pid: number }): Promise<Compared304> {
  const list = await checkList(server.baseUrl);
  if (!list.revalidates) throw new Error('GET /api/reports did not answer 304 to its own ETag');
  return compareWithBare304(repoRoot, { ...server, etag: list.etag });
}

/**
 * The real server on PostgreSQL (a database of its own on the TEST_DATABASE_URL server, dropped
 * afterwards) beside the bare server; null without TEST_DATABASE_URL.
 */
export async function benchPostgres304(repoRoot: string, dataDir: string): Promise<Compared304 | null> {
  if (!process.env.TEST_DATABASE_URL) return null;
  const database = await createScratchDatabase('cue_bench');
  try {
    const server = await startServer(repoRoot, dataDir, { DATABASE_URL: database.url });
    try {
      return await bench304(repoRoot, server);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
