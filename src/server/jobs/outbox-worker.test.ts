// The outbox worker on its own: several workers sharing one outbox (as several server processes share
// PostgreSQL) run each job once; a failed job waits and is retried; a postponed job is not a failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';
import { movableClock } from '#tests/volunteers.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { enqueueJob, outboxRepository } from './outbox.repository.ts';
import { z } from 'zod';
import { jobScheduler } from './scheduler.ts';
import { outboxWorker, payloadOf, PermanentJobError, type JobHandler } from './outbox-worker.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(testDatabaseKinds)('the outbox worker on %s', (kind) => {
  let database: DatabaseHandle;
  const clock = movableClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('outbox').execute();
  });

  const queue = (kind: string, payload: unknown) =>
    enqueueJob(database.db, { kind, payload, runAfter: clock.now().toISOString(), now: clock.now().toISOString() });

  it('three workers sharing the outbox run each of 30 jobs exactly once', async () => {
    for (let n = 0; n < 30; n++) await queue('count', { n });
    const ran: number[] = [];
    const handler: JobHandler = async (job) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push((job.payload as { n: number }).n);
    };
    const workers = [0, 1, 2].map(() =>
      outboxWorker({
        outbox: outboxRepository(database.db, database.dialect),
        clock,
        log: silent,
        handlers: { count: handler },
        concurrency: 4,
      }),
    );
    await Promise.all(workers.map((worker) => worker.drain()));
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('started as a periodic job, the worker polls, runs what is due, and stops cleanly', async () => {
    const ran: string[] = [];
    const worker = outboxWorker({
      outbox: outboxRepository(database.db, database.dialect),
      clock,
      log: silent,
      handlers: { note: async (job) => void ran.push((job.payload as { text: string }).text) },
      pollMs: 10,
    });
    const jobs = jobScheduler([worker.job], silent);
    jobs.start();
    try {
      await queue('note', { text: 'first' });
      await queue('note', { text: 'second' });
      await expect.poll(() => ran.length).toBe(2);
      expect(jobs.status()[0]).toMatchObject({ name: 'outbox', lastRunFailed: false });
      expect(jobs.status()[0]!.lastRunAt).not.toBeNull();
    } finally {
      await jobs.stop();
    }
    await queue('note', { text: 'after the stop' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual(['first', 'second']);
  });

  it('a postponed job runs again later without counting as a failure; a hopeless one is given up at once', async () => {
    let calls = 0;
    const worker = outboxWorker({
      outbox: outboxRepository(database.db, database.dialect),
      clock,
      log: silent,
      handlers: {
        later: async () => (++calls === 1 ? { runAgainAt: new Date(clock.now().getTime() + 60_000) } : undefined),
        hopeless: async () => {
          throw new PermanentJobError('cannot be done');
        },
      },
    });
    await queue('later', {});
    await queue('hopeless', {});
    await worker.drain();
    expect(calls).toBe(1);
    clock.advance(61_000);
    await worker.drain();
    expect(calls).toBe(2);
    const rows = await database.db
      .selectFrom('outbox')
      .select(['kind', 'attempts', 'delivered_at', 'gave_up_at', 'last_error'])
      .orderBy('id')
      .execute();
    expect(rows[0]).toMatchObject({ kind: 'later', attempts: 0, gave_up_at: null });
    expect(rows[0]!.delivered_at).not.toBeNull();
    expect(rows[1]).toMatchObject({ kind: 'hopeless', attempts: 1, delivered_at: null, last_error: 'cannot be done' });
    expect(rows[1]!.gave_up_at).not.toBeNull();
  });

  it('a job whose payload does not fit its schema is given up at once; one that fits runs with it parsed', async () => {
    const mailed: string[] = [];
    const worker = outboxWorker({
      outbox: outboxRepository(database.db, database.dialect),
      clock,
      log: silent,
      handlers: {
        mail: async (job) => void mailed.push(payloadOf(job, z.object({ to: z.string() })).to),
      },
    });
    await queue('mail', { to: 'a@example.com' });
    await queue('mail', { to: 42 });
    await queue('mail', null);
    await worker.drain();
    expect(mailed).toEqual(['a@example.com']);
    const rows = await database.db
      .selectFrom('outbox')
      .select(['attempts', 'delivered_at', 'gave_up_at', 'last_error'])
      .orderBy('id')
      .execute();
    expect(rows[0]!.delivered_at).not.toBeNull();
    for (const row of rows.slice(1)) {
      expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'malformed mail job' });
      expect(row.gave_up_at).not.toBeNull();
    }
  });
});
