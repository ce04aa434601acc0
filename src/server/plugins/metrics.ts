// Prometheus metrics at /metrics, for the operator's scraper only (a Bearer token from METRICS_TOKEN;
// without one the path does not exist). Each app has its own registry, so apps never share counters.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { JobStatus } from '#server/jobs/scheduler.ts';
import { errorBody } from './error-handler.ts';

export interface MetricsDeps {
  token: string;
  database: DatabaseHandle;
  /** The outbox's jobs still to deliver, asked at each scrape. */
  outboxBacklog: () => Promise<{ pending: number; retrying: number; oldestPendingAt: string | null }>;
  /** Every periodic job: its last run, and the backlog of those that have one. */
  jobs: () => JobStatus[];
  now: () => Date;
}

/** A request no route matched (an unknown path, or a page of the app served as the SPA). */
const NO_ROUTE = 'no route';

/** A check of the administrator passcode: a wrong code, a lock begun, a try refused (and by which limit). */
export type AdminPasscodeEvent =
  { kind: 'wrong' } | { kind: 'locked' } | { kind: 'refused'; limit: 'client' | 'slow_down' | 'locked' };

/** A photo through the work queue: how long it waited and was worked on, or that it was turned away. */
export type PhotoWorkEvent = { waitedMs: number; workedMs: number } | { turnedAway: true };

/** What the app's parts report to the metrics as it happens. */
export interface MetricsSink {
  adminPasscode(event: AdminPasscodeEvent): void;
  photoWork(event: PhotoWorkEvent): void;
}

export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): MetricsSink {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const gauge = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string = never>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ) => new Histogram<L>({ name, help, buckets, labelNames, registers: [registry] });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = counter('http_requests_total', 'HTTP requests answered, by route pattern and status', labelNames);
  // The buckets reach from a cached list to a photo upload on a weak signal.
  const duration = histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by route pattern and status',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    labelNames,
  );
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (`/api/reports/:id`), never the URL: one series per route, not per report.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? NO_ROUTE,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const photoWait = histogram(
    'photo_queue_wait_seconds',
    'Time a photo waited for its turn in the photo work queue',
    [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  );
  const photoWork = histogram(
    'photo_processing_seconds',
    'Time to decode, check and resize one photo',
    [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const photoTurnedAway = counter(
    'photo_turned_away_total',
    'Photos answered 503 because the photo work queue was full or the wait too long',
  );

  // Guessing at the administrator passcode: an alert on the locks is worth having.
  const passcodeWrong = counter('admin_passcode_wrong_total', 'Wrong administrator passcodes checked');
  const passcodeRefused = counter(
    'admin_passcode_refused_total',
    'Administrator passcode tries refused unchecked, by the limit that refused them',
    ['limit'],
  );
  const passcodeLocks = counter(
    'admin_passcode_locks_total',
    'Times the administrator passcode was locked for everyone after too many wrong codes',
  );

  const outboxPending = gauge(
    'outbox_pending_jobs',
    'Background jobs (alerts, e-mails) not yet delivered nor given up',
  );
  const outboxRetrying = gauge('outbox_retrying_jobs', 'Pending background jobs that have failed at least once');
  const outboxOldest = gauge(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest pending background job (0 when none)',
  );
  const jobLastRun = gauge(
    'job_last_run_timestamp_seconds',
    'When each periodic job last finished a run (0 before its first)',
    ['job', 'failed'],
  );
  const jobBacklog = gauge('job_backlog', 'Work waiting for each periodic job that has a queue', ['job']);
  const { poolStats } = deps.database;
  const pool = poolStats
    ? gauge(
        'db_pool_connections',
        'PostgreSQL connection pool: open (total), idle, and callers waiting for a connection',
        ['state'],
      )
    : undefined;

  /** Figures asked for at scrape time. A database that does not answer leaves the outbox gauges as they were. */
  async function refresh(): Promise<void> {
    if (pool && poolStats) {
      const stats = poolStats();
      for (const state of ['total', 'idle', 'waiting'] as const) pool.set({ state }, stats[state]);
    }
    jobLastRun.reset();
    for (const job of deps.jobs()) {
      const at = job.lastRunAt ? Date.parse(job.lastRunAt) / 1000 : 0;
      jobLastRun.set({ job: job.name, failed: String(job.lastRunFailed) }, at);
      if (job.backlog) jobBacklog.set({ job: job.name }, await job.backlog().catch(() => NaN));
    }
    try {
      const backlog = await deps.outboxBacklog();
      outboxPending.set(backlog.pending);
      outboxRetrying.set(backlog.retrying);
      const oldest = backlog.oldestPendingAt ? Date.parse(backlog.oldestPendingAt) : undefined;
      outboxOldest.set(oldest === undefined ? 0 : Math.max(0, (deps.now().getTime() - oldest) / 1000));
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: the outbox backlog could not be read');
    }
  }

  const expected = digest(`Bearer ${deps.token}`);
  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    const given = request.headers.authorization;
    // Compared as digests, in constant time, so the answer's timing says nothing about the token.
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send(errorBody(401, 'The metrics need the operator token (Authorization: Bearer ...).'));
    }
    await refresh();
    return reply
      .header('Cache-Control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  return {
    photoWork(event) {
      if ('turnedAway' in event) {
        photoTurnedAway.inc();
        return;
      }
      photoWait.observe(event.waitedMs / 1000);
      photoWork.observe(event.workedMs / 1000);
    },
    adminPasscode(event) {
      if (event.kind === 'wrong') passcodeWrong.inc();
      else if (event.kind === 'locked') passcodeLocks.inc();
      else passcodeRefused.inc({ limit: event.limit });
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();
