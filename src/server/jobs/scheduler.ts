// The server process's periodic work on one timer each: features export their jobs, buildApp lists
// them, main.ts starts them once. A test starts none unless it starts or runs the one it tests.
// A job's next run is timed from the end of its last, so a run never overlaps the one before it.
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  name: string;
  everyMs: number;
  /** Delay before the first run after start; `everyMs` unless given. */
  firstMs?: number;
  run(): Promise<unknown>;
  /** Called on stop, once the timer is cleared: waits for work the job itself still has in flight. */
  stop?(): Promise<void>;
  /** Work waiting for the job, asked at each metrics scrape. */
  backlog?(): Promise<number>;
}

export interface JobStatus extends Pick<PeriodicJob, 'name' | 'everyMs' | 'backlog'> {
  /** When the last run finished (ISO), and whether it failed. */
  lastRunAt: string | null;
  lastRunFailed: boolean;
}

export interface Jobs {
  /** Starts every job, or only those named. */
  start(only?: string[]): void;
  /** Clears every timer and waits for each job's own stop (a run cut short is simply run again later). */
  stop(): Promise<void>;
  /** Runs one job now (a test's way in), recording it like a scheduled run. */
  run(name: string): Promise<unknown>;
  status(): JobStatus[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs: main.ts starts them; a test runs or starts the one it tests. */
    jobs: Jobs;
  }
}

export function jobScheduler(list: PeriodicJob[], log: Pick<FastifyBaseLogger, 'error'>): Jobs {
  type Entry = { job: PeriodicJob; timer?: NodeJS.Timeout; running?: Promise<unknown>; status: JobStatus };
  const jobs = new Map<string, Entry>(
    list.map((job) => [
      job.name,
      {
        job,
        status: { name: job.name, everyMs: job.everyMs, lastRunAt: null, lastRunFailed: false, backlog: job.backlog },
      },
    ]),
  );
  let started = false;

  function entry(name: string) {
    const found = jobs.get(name);
    if (!found) throw new Error(`no job named ${name}`);
    return found;
  }

  function run(name: string): Promise<unknown> {
    const state = entry(name);
    state.running ??= state.job
      .run()
      .then(
        (result) => ((state.status.lastRunFailed = false), result),
        (error: unknown) => {
          state.status.lastRunFailed = true;
          throw error;
        },
      )
      .finally(() => {
        state.status.lastRunAt = new Date().toISOString();
        state.running = undefined;
      });
    return state.running;
  }

  function schedule(name: string, delayMs: number): void {
    const state = entry(name);
    state.timer = setTimeout(() => {
      run(name)
        .catch((error: unknown) => log.error({ err: error, job: name }, 'background job failed; it runs again later'))
        .finally(() => {
          if (started && state.timer) schedule(name, state.job.everyMs);
        });
    }, delayMs);
    state.timer.unref();
  }

  return {
    start(only) {
      started = true;
      for (const [name, state] of jobs) {
        if (!state.timer && (!only || only.includes(name))) schedule(name, state.job.firstMs ?? state.job.everyMs);
      }
    },
    async stop() {
      started = false;
      for (const state of jobs.values()) {
        clearTimeout(state.timer);
        state.timer = undefined;
      }
      await Promise.all([...jobs.values()].map((state) => state.job.stop?.()));
    },
    run,
    status: () => [...jobs.values()].map((state) => state.status),
  };
}
