// No one client can take the service from everyone: an ordinary visitor's health check, list and report
// are timed on a quiet server, then again while one hostile client (one address) holds every change
// stream it may and asks for more, sends scan-bomb photos, and hammers the events' calendar feed. Each
// of the visitor's figures under attack must stay within a few times its quiet figure (the limit
// measured in the same run), and the hostile client must get no more than its share.
//
//   node --import tsx bench/hostile-client.ts   (runs alone, on a temporary SQLite data folder)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { progressiveScanBomb } from '#tests/fixture-photos.ts';
import { gridWordsAt } from '#tests/places.ts';
import { ranDirectly } from './own-process.ts';
import { seedReports } from './seed.ts';
import { startServer, type RunningServer } from './server.ts';
import { percentile, type Row } from './table.ts';

const REPORTS = 2_000;
const EVENTS = 150;
const QUIET_MS = 8_000;
const ATTACK_MS = 15_000;
const VISIT_EVERY_MS = 25;
/** Streams the hostile client asks for: the server's cap per client is 8. */
const STREAMS_ASKED = 40;
const STREAMS_PER_CLIENT_CAP = 8;
const BOMB_SENDERS = 2;
const FEED_CONNECTIONS = 20;
/** The visitor's figures under attack may be at most this many times the quiet ones... */
const SLOWDOWN_BUDGET = 4;
/** ...or this many milliseconds, whichever is more: a 1 ms request that becomes 3 ms is not starved. */
const SLOWDOWN_FLOOR_MS = 50;
const REPORT_BUDGET_MS = 1_000;
const HOSTILE = '203.0.113.66';
const ADMIN_PASSCODE = '123456';

interface VisitorFigures {
  health: number[];
  list304: number[];
  listPage: number[];
  report: number[];
  failures: string[];
}

export async function benchHostileClient(repoRoot: string, workDir: string, photo: Buffer): Promise<Row[]> {
  const dataDir = path.join(workDir, 'hostile-data');
  fs.mkdirSync(dataDir, { recursive: true });
  await seedReports(dataDir, REPORTS);
  const server = await startServer(repoRoot, dataDir);
  try {
    await addEvents(server.baseUrl);
    let visitorNumber = 0;
    const visitor = () => `198.51.100.${(visitorNumber++ % 250) + 1}`;
    const etag = (await request(server.baseUrl, '/api/reports', { 'x-forwarded-for': visitor() })).etag!;

    const quiet = await visit(server.baseUrl, photo, etag, visitor, QUIET_MS);

    const attack = hostileClient(server.baseUrl);
    const underAttack = await visit(server.baseUrl, photo, etag, visitor, ATTACK_MS);
    const hostile = await attack.stop();
    return rows(quiet, underAttack, hostile, server);
  } finally {
    await server.stop();
  }
}

/** MUCU events for the feed to list, made by an administrator (who has no daily limit). */
async function addEvents(baseUrl: string): Promise<void> {
  const auth = await fetch(`${baseUrl}/api/admin/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ passcode: ADMIN_PASSCODE }),
  });
  if (auth.status !== 200) throw new Error(`administrator sign-in answered ${auth.status}`);
  const cookie = auth.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const start = Date.now() + 86_400_000;
  for (let i = 0; i < EVENTS; i++) {
    const response = await fetch(`${baseUrl}/api/mucus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({
        location: `Leith Walk stop ${i + 1}`,
        date: new Date(start + (i % 60) * 86_400_000).toISOString(),
        description: 'Bring gloves. Bags and brushes provided.',
        mapsLink: null,
      }),
    });
    if (response.status !== 201) throw new Error(`creating an event answered ${response.status}`);
  }
}

/**
 * The ordinary visitor: every 25 ms a health check, the list revalidated and a page of it; a report
 * every 2 s. Often enough that each figure has hundreds of samples: of a hundred, the p99 would be the
 * second slowest answer, and one pause would decide the row.
 */
async function visit(
  baseUrl: string,
  photo: Buffer,
  knownEtag: string,
  visitor: () => string,
  durationMs: number,
): Promise<VisitorFigures> {
  const figures: VisitorFigures = { health: [], list304: [], listPage: [], report: [], failures: [] };
  const end = Date.now() + durationMs;
  let etag = knownEtag;
  const timed = async (into: number[], expected: number, send: () => Promise<{ status: number }>) => {
    const started = performance.now();
    const { status } = await send();
    into.push(performance.now() - started);
    if (status !== expected) figures.failures.push(`${status} (expected ${expected})`);
  };
  const reports = (async () => {
    while (Date.now() < end) {
      await timed(figures.report, 201, () => sendReport(baseUrl, photo, visitor()));
      await sleep(2_000);
    }
  })();
  while (Date.now() < end) {
    const who = { 'x-forwarded-for': visitor() };
    await timed(figures.health, 200, () => request(baseUrl, '/api/health/ready', who));
    // The visitor's own reports change the list: a 200 brings its new ETag, as a browser's cache keeps it.
    const started = performance.now();
    const revalidated = await request(baseUrl, '/api/reports', { ...who, 'if-none-match': etag });
    if (revalidated.status === 304) figures.list304.push(performance.now() - started);
    else if (revalidated.status === 200 && revalidated.etag) etag = revalidated.etag;
    else figures.failures.push(`${revalidated.status} (expected 304 or a new list)`);
    await timed(figures.listPage, 200, () => request(baseUrl, '/api/reports?status=reported&limit=50', who));
    await sleep(VISIT_EVERY_MS);
  }
  await reports;
  return figures;
}

interface HostileFigures {
  streamsHeld: number;
  streamsRefused: number;
  bombs: Record<string, number>;
  feed: { requests: number; statuses: Record<string, number> };
}

/** One address: as many change streams as it can get, scan bombs from two senders, and the feed from twenty connections. */
function hostileClient(baseUrl: string): { stop(): Promise<HostileFigures> } {
  let running = true;
  const streams: http.ClientRequest[] = [];
  let streamsHeld = 0;
  let streamsRefused = 0;
  for (let i = 0; i < STREAMS_ASKED; i++) {
    const req = http.get(
      `${baseUrl}/api/reports/changes`,
      { headers: { accept: 'text/event-stream', 'x-forwarded-for': HOSTILE } },
      (response) => {
        if (response.statusCode === 200) streamsHeld++;
        else streamsRefused++;
        response.resume();
      },
    );
    req.on('error', () => undefined);
    streams.push(req);
  }
  const bomb = progressiveScanBomb();
  const bombs: Record<string, number> = {};
  const senders = Array.from({ length: BOMB_SENDERS }, async () => {
    while (running) {
      const { status } = await sendReport(baseUrl, bomb, HOSTILE);
      bombs[status] = (bombs[status] ?? 0) + 1;
    }
  });
  const feed = autocannon({
    url: `${baseUrl}/api/events/feed.ics`,
    headers: { 'x-forwarded-for': HOSTILE },
    connections: FEED_CONNECTIONS,
    duration: ATTACK_MS / 1000,
    timeout: 20,
  });
  return {
    async stop() {
      running = false;
      const [feedResult] = await Promise.all([feed, ...senders]);
      for (const req of streams) req.destroy();
      const statuses = Object.fromEntries(
        Object.entries(feedResult.statusCodeStats).map(([status, { count }]) => [status, count]),
      );
      return { streamsHeld, streamsRefused, bombs, feed: { requests: feedResult.requests.total, statuses } };
    },
  };
}

function rows(
  quiet: VisitorFigures,
  underAttack: VisitorFigures,
  hostile: HostileFigures,
  server: RunningServer,
): Row[] {
  const compare = (metric: string, calm: number[], attacked: number[]): Row => {
    const [before, during] = [percentile(calm, 0.99), percentile(attacked, 0.99)];
    const limit = Math.max(SLOWDOWN_BUDGET * before, SLOWDOWN_FLOOR_MS);
    return {
      metric: `Under attack, a visitor's ${metric}: p99`,
      value: `${during.toFixed(1)} ms`,
      budget: `<= ${SLOWDOWN_BUDGET}x quiet or ${SLOWDOWN_FLOOR_MS} ms (${limit.toFixed(1)} ms)`,
      limit: `the same on a quiet server: ${before.toFixed(1)} ms`,
      status: during <= limit ? 'PASS' : 'FAIL',
    };
  };
  const reportP99 = percentile(underAttack.report, 0.99);
  const failures = [...quiet.failures, ...underAttack.failures];
  const bombsAnswered = Object.entries(hostile.bombs)
    .map(([status, count]) => `${count} x ${status}`)
    .join(', ');
  const bombsStored = hostile.bombs['201'] ?? 0;
  return [
    compare('health check', quiet.health, underAttack.health),
    compare('list revalidation (304)', quiet.list304, underAttack.list304),
    compare('list page of 50', quiet.listPage, underAttack.listPage),
    {
      metric: "Under attack, a visitor's report (phone-prepared photo): p99",
      value: `${reportP99.toFixed(0)} ms over ${underAttack.report.length} (quiet ${percentile(quiet.report, 0.99).toFixed(0)} ms)`,
      budget: `<= ${REPORT_BUDGET_MS} ms`,
      status: reportP99 <= REPORT_BUDGET_MS ? 'PASS' : 'FAIL',
    },
    {
      metric: "The visitor's answers, quiet and under attack",
      value:
        failures.length === 0 ? 'all as expected' : `${failures.length} unexpected: ${failures.slice(0, 3).join('; ')}`,
      budget: 'all as expected',
      status: failures.length === 0 ? 'PASS' : 'FAIL',
    },
    {
      metric: 'The hostile client: change streams held / refused',
      value: `${hostile.streamsHeld} / ${hostile.streamsRefused} of ${STREAMS_ASKED} asked`,
      budget: `<= ${STREAMS_PER_CLIENT_CAP} held`,
      status: hostile.streamsHeld <= STREAMS_PER_CLIENT_CAP ? 'PASS' : 'FAIL',
    },
    {
      metric: 'The hostile client: scan-bomb photos answered',
      value: bombsAnswered || 'none sent',
      budget: 'none stored',
      status: bombsStored === 0 ? 'PASS' : 'FAIL',
    },
    {
      metric: `The hostile client: calendar feed requests (${FEED_CONNECTIONS} connections)`,
      value: `${hostile.feed.requests.toLocaleString('en-GB')} answered (${Object.entries(hostile.feed.statuses)
        .map(([status, count]) => `${count} x ${status}`)
        .join(', ')})`,
      budget: '-',
      status: '',
    },
    ...(/"level":50/.test(server.output())
      ? [
          {
            metric: 'Server errors logged under attack',
            value: 'some (see the log)',
            budget: 'none',
            status: 'FAIL' as const,
          },
        ]
      : []),
  ];
}

/** A report as a phone sends it, from one address; answers the status. */
function sendReport(baseUrl: string, photo: Buffer, from: string): Promise<{ status: number }> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const where = gridWordsAt(55.9533, -3.1883);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="what3words"\r\n\r\n${where}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="wall.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}/api/reports`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': payload.length,
          'x-forwarded-for': from,
          origin: baseUrl,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode! }));
      },
    );
    req.on('error', () => resolve({ status: 0 }));
    req.end(payload);
  });
}

function request(
  baseUrl: string,
  pathAndQuery: string,
  headers: Record<string, string>,
): Promise<{ status: number; etag?: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}${pathAndQuery}`, { headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode!, etag: response.headers.etag as string | undefined }),
      );
    });
    req.on('error', () => resolve({ status: 0 }));
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

if (ranDirectly(import.meta)) {
  const { phonePreparedPhoto } = await import('./upload-rate.ts');
  const { formatTable } = await import('./table.ts');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-bench-hostile-'));
  try {
    const photo = (await phonePreparedPhoto()).bytes;
    console.log(formatTable(await benchHostileClient(path.resolve(import.meta.dirname, '..'), workDir, photo)));
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
