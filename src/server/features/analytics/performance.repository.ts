// The queries behind the public performance figures: counts of reports made in a range (read from
// the index of reporting times), the cleaned reports of a range with their times (the index of
// completion times), and the reporting times of the reports not cleaned yet.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';

export interface CleanedRow {
  reportedAt: string;
  completedAt: string;
  dueAt: string | null;
  offensive: boolean;
}

export function performanceRepository(db: Db) {
  return {
    /** How many reports were made from `from` up to (not including) `to`. */
    async madeBetween(from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('reports')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('reported_at', '>=', from)
        .where('reported_at', '<', to)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The reports completed from `from` on. */
    async cleanedSince(from: string): Promise<CleanedRow[]> {
      const rows = await db
        .selectFrom('reports')
        .select(['reported_at', 'completed_at', 'due_at', 'priority'])
        .where('status', '=', 'completed')
        .where('completed_at', '>=', from)
        .execute();
      return rows.map((row) => ({
        reportedAt: toIso(row.reported_at),
        completedAt: toIso(row.completed_at!),
        dueAt: toIsoOrNull(row.due_at),
        offensive: Number(row.priority) === 1,
      }));
    },

    /** How many reports not cleaned yet were reported in each range [from, to) (null: unbounded). */
    async openBetween(from: string | null, to: string | null): Promise<number> {
      let query = db
        .selectFrom('reports')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '!=', 'completed');
      if (from) query = query.where('reported_at', '>=', from);
      if (to) query = query.where('reported_at', '<', to);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
  };
}

export type PerformanceRepository = ReturnType<typeof performanceRepository>;
