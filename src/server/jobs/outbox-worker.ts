// The worker that drains the outbox inside the server process: as the periodic job 'outbox' it polls
// every few seconds (and at once when a slot comes free while it runs), claims due jobs under a lease, runs each with its handler and records the outcome. Failures are retried with
// exponential back-off for up to 24 hours. Any number of processes may run one against PostgreSQL.
import { backoffDelayMs } from '#shared/domain/backoff.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { output, ZodType } from 'zod';
import type { Clock } from '#server/clock.ts';
import type { ClaimedJob, OutboxRepository } from './outbox.repository.ts';
import type { PeriodicJob } from './scheduler.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
/** How long a claimed job stays this worker's; a crashed worker's jobs are taken again after it. */
const LEASE_MS = 2 * 60 * SECOND;
const FIRST_RETRY_MS = 15 * SECOND;
const MAX_RETRY_MS = HOUR;
/** Retries stop this long after the job was queued. */
const GIVE_UP_AFTER_MS = 24 * HOUR;
/** How long stop() waits for jobs in flight. */
const STOP_WAIT_MS = 5 * SECOND;

/** A handler's answer: nothing when done, or a later time to run again that is not a failure. */
export type JobOutcome = void | { runAgainAt: Date };
export type JobHandler = (job: ClaimedJob) => Promise<JobOutcome>;

/** Thrown by a handler when trying again cannot help (a malformed job, a refused payload). */
export class PermanentJobError extends Error {}

/** A job's payload parsed with its kind's schema; one that does not fit is given up at once. */
export function payloadOf<S extends ZodType>(job: ClaimedJob, schema: S): output<S> {
  const parsed = schema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError(`malformed ${job.kind} job`);
  return parsed.data;
}

/** A feature's outbox jobs: their handlers by kind, and what to do on each poll before claiming. */
export interface OutboxJobs {
  handlers: Record<string, JobHandler>;
  onPoll?: () => Promise<void>;
}

/** Several features' outbox jobs as one worker runs them. */
export function allOutboxJobs(list: OutboxJobs[]): OutboxJobs {
  return {
    handlers: Object.assign({}, ...list.map((jobs) => jobs.handlers)) as Record<string, JobHandler>,
    async onPoll() {
      for (const jobs of list) await jobs.onPoll?.();
    },
  };
}

export interface OutboxWorkerOptions extends OutboxJobs {
  outbox: OutboxRepository;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  pollMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
}

export interface OutboxWorker {
  /** The periodic job that runs the worker; its stop waits (a few seconds at most) for the jobs in flight. */
  job: PeriodicJob;
  /** Claims and runs every job due now, once; answers how many ran. */
  runOnce(): Promise<number>;
  /** runOnce until nothing is due (jobs that queue more jobs due now are followed). */
  drain(): Promise<number>;
}

/** The delay before retry n (1-based): 15 s, 30 s, 1 min ... at most an hour, with ±20% jitter. */
export function retryDelayMs(failures: number, firstMs: number, maxMs: number, random = Math.random): number {
  return backoffDelayMs(failures, { firstMs, maxMs, jitter: 0.2 }, random);
}

export function outboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox, clock, log, handlers, onPoll, pollMs = 3 * SECOND, concurrency = 8 } = options;
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let polling = false;

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`no handler for outbox jobs of kind ${job.kind}`);
      const outcome = await handler(job);
      if (outcome) await outbox.retryLater(job.id, outcome.runAgainAt.toISOString(), null);
      else await outbox.markDelivered(job.id, clock.now().toISOString());
    } catch (error) {
      await recordFailure(job, error).catch((recordError: unknown) => {
        // The lease runs out and the job is taken again: nothing is lost.
        log.error({ err: recordError, jobId: job.id }, 'could not record an outbox job failure');
      });
    }
  }

  async function recordFailure(job: ClaimedJob, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const now = clock.now();
    const failures = job.attempts + 1;
    const next = new Date(now.getTime() + retryDelayMs(failures, FIRST_RETRY_MS, MAX_RETRY_MS));
    const expired = next.getTime() - new Date(job.createdAt).getTime() > GIVE_UP_AFTER_MS;
    if (error instanceof PermanentJobError || expired) {
      log.error({ jobId: job.id, kind: job.kind, failures, err: error }, 'outbox job given up');
      await outbox.giveUp(job.id, now.toISOString(), message);
    } else {
      log.warn(
        { jobId: job.id, kind: job.kind, failures, retryAt: next.toISOString(), err: error },
        'outbox job failed; will retry',
      );
      await outbox.retryLater(job.id, next.toISOString(), message);
    }
  }

  /** Claims as many due jobs as there are free slots and starts them; answers the started jobs. */
  async function claimAndStart(limit: number): Promise<Promise<void>[]> {
    if (limit <= 0) return [];
    const now = clock.now();
    const jobs = await outbox.claim(now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString(), limit);
    return jobs.map((job) => {
      const promise = run(job).finally(() => {
        inFlight.delete(promise);
        // A slot came free: look for more work at once rather than at the next poll.
        if (running) void poll();
      });
      inFlight.add(promise);
      return promise;
    });
  }

  async function poll(): Promise<void> {
    if (!running || polling) return;
    polling = true;
    try {
      await onPoll?.();
      await claimAndStart(concurrency - inFlight.size);
    } catch (error) {
      log.error({ err: error }, 'outbox poll failed');
    } finally {
      polling = false;
    }
  }

  const job: PeriodicJob = {
    name: 'outbox',
    everyMs: pollMs,
    firstMs: 0,
    run() {
      running = true;
      return poll();
    },
    async stop() {
      running = false;
      if (inFlight.size === 0) return;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise<void>((resolve) => {
          waited = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
    },
    backlog: async () => (await outbox.backlog(clock.now().toISOString())).pending,
  };

  return {
    job,

    async runOnce() {
      await onPoll?.();
      const started = await claimAndStart(1000);
      await Promise.all(started);
      return started.length;
    },

    async drain() {
      let total = 0;
      for (let round = 0; round < 100; round++) {
        const ran = await this.runOnce();
        total += ran;
        if (ran === 0) break;
      }
      return total;
    },
  };
}
