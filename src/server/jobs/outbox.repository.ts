// The outbox table: durable background jobs. A job is written in the same transaction as the change
// that causes it, claimed by one worker at a time (a lease in locked_until; on PostgreSQL the claim
// skips rows another process is claiming), and marked delivered, retried later, or given up.
import { sql, type Selectable } from 'kysely';
import { countOf, type Db } from '#server/db/client.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';
import type { OutboxTable } from '#server/db/tables.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  /** When it may run first; now unless given. */
  runAfter?: string;
  now: string;
  /** Queue it only if no job with this key was ever queued (the digest of one day). */
  dedupeKey?: string;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** Failures so far. */
  attempts: number;
  createdAt: string;
}

type OutboxRow = Selectable<OutboxTable>;

const toJob = (row: Pick<OutboxRow, 'id' | 'kind' | 'payload' | 'attempts' | 'created_at'>): ClaimedJob => ({
  id: row.id,
  kind: row.kind,
  payload: JSON.parse(row.payload) as unknown,
  attempts: row.attempts,
  createdAt: toIso(row.created_at),
});

/** Writes a job with the given connection or transaction (so it commits with the change it follows). */
export async function enqueueJob(db: Db, job: NewJob): Promise<void> {
  const insert = db.insertInto('outbox').values({
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    attempts: 0,
    run_after: job.runAfter ?? job.now,
    created_at: job.now,
    dedupe_key: job.dedupeKey ?? null,
  });
  await (job.dedupeKey ? insert.onConflict((oc) => oc.column('dedupe_key').doNothing()) : insert).execute();
}

/** A LIKE pattern matching `text` literally anywhere (both databases honour `escape '\'`). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Erasure: drops the jobs that name the volunteer, with the given connection or transaction. Alert
 * jobs carry the volunteer's id, and e-mail jobs their address, in the payload.
 */
export async function dropJobsNaming(db: Db, volunteerId: number, email: string): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb('payload', 'like', sql<string>`${containing(`"volunteerId":${volunteerId},`)} escape '\\'`),
        eb('payload', 'like', sql<string>`${containing(`"volunteerId":${volunteerId}}`)} escape '\\'`),
        eb('payload', 'like', sql<string>`${containing(email)} escape '\\'`),
      ]),
    )
    .execute();
}

export function outboxRepository(db: Db, dialect: Dialect) {
  return {
    /**
     * Takes up to `limit` due jobs for this worker until `leaseUntil`. On PostgreSQL rows locked by
     * another process's claim are skipped (FOR UPDATE SKIP LOCKED); SQLite has one writer at a time,
     * so its single UPDATE is already atomic.
     */
    async claim(now: string, leaseUntil: string, limit: number): Promise<ClaimedJob[]> {
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('gave_up_at', 'is', null)
        .where('run_after', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('run_after')
        .orderBy('id')
        .limit(limit)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate().skipLocked());
      const rows = await db
        .updateTable('outbox')
        .set({ locked_until: leaseUntil })
        .where('id', 'in', due)
        .returning(['id', 'kind', 'payload', 'attempts', 'created_at'])
        .execute();
      return rows.map(toJob).sort((a, b) => a.id - b.id);
    },

    async markDelivered(id: number, now: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ delivered_at: now, locked_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    /** Runs the job again at `runAfter`; a failure counts towards the back-off, a postponement does not. */
    async retryLater(id: number, runAfter: string, failure: string | null): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          run_after: runAfter,
          locked_until: null,
          ...(failure === null ? {} : { attempts: eb('attempts', '+', 1), last_error: failure.slice(0, 1000) }),
        }))
        .where('id', '=', id)
        .execute();
    },

    async giveUp(id: number, now: string, failure: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          gave_up_at: now,
          locked_until: null,
          attempts: eb('attempts', '+', 1),
          last_error: failure.slice(0, 1000),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Forgets delivered jobs after a week and given-up ones after a month. */
    async prune(deliveredBefore: string, gaveUpBefore: string): Promise<void> {
      await db.deleteFrom('outbox').where('delivered_at', '<', deliveredBefore).execute();
      await db.deleteFrom('outbox').where('gave_up_at', '<', gaveUpBefore).execute();
    },

    async backlog(failedSince: string) {
      const pending = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('pending'),
          eb.fn.sum<string | number | null>(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('retrying'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('delivered_at', 'is', null)
        .where('gave_up_at', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        pending: Number(pending.pending),
        retrying: Number(pending.retrying ?? 0),
        failed: await countOf(db.selectFrom('outbox').where('gave_up_at', '>=', failedSince)),
        oldestPendingAt: toIsoOrNull(pending.oldest as Date | string | null),
      };
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
