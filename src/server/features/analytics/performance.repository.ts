// The queries behind the public performance figures: counts of reports made in a range (read from
// the index of reporting times), the cleaned reports of a range with their times (the index of
// completion times), and the reporting times of the reports not cleaned yet. A report referred to the
// body responsible for its wall (a referral neither given up nor withdrawn) is the owner's: it is
// marked as such among the cleaned, and counted apart among the open.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull, type Tables } from '#server/db/tables.ts';

/** The referral states in which a report is its owner's (on the way to it, with it, or cleaned by it). */
const OWNERS = ['waiting', 'sent', 'closed'] as const;

const referredToOwner = (eb: ExpressionBuilder<Tables, 'reports'>) =>
  eb.exists(
    eb
      .selectFrom('report_referrals')
      .select(sql<number>`1`.as('one'))
      .whereRef('report_referrals.report_id', '=', 'reports.id')
      .where('report_referrals.state', 'in', [...OWNERS]),
  );

export interface CleanedRow {
  reportedAt: string;
  completedAt: string;
  dueAt: string | null;
  offensive: boolean;
  /** Referred to its owner, who cleaned it (or it was cleaned while with them). */
  byOwner: boolean;
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
        .select((eb) => referredToOwner(eb).as('by_owner'))
        .where('status', '=', 'completed')
        .where('completed_at', '>=', from)
        .execute();
      return rows.map((row) => ({
        reportedAt: toIso(row.reported_at),
        completedAt: toIso(row.completed_at!),
        dueAt: toIsoOrNull(row.due_at),
        offensive: Number(row.priority) === 1,
        byOwner: Boolean(row.by_owner),
      }));
    },

    /** How many reports not cleaned yet, and not with their owners, were reported in [from, to) (null: unbounded). */
    async openBetween(from: string | null, to: string | null): Promise<number> {
      let query = db
        .selectFrom('reports')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('status', '!=', 'completed')
        .where((eb) => eb.not(referredToOwner(eb)));
      if (from) query = query.where('reported_at', '>=', from);
      if (to) query = query.where('reported_at', '<', to);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** How many reports not cleaned yet are with their owners. */
    async openWithOwners(): Promise<number> {
      const row = await db
        .selectFrom('reports')
        .innerJoin('report_referrals', 'report_referrals.report_id', 'reports.id')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('reports.status', '!=', 'completed')
        .where('report_referrals.state', 'in', [...OWNERS])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type PerformanceRepository = ReturnType<typeof performanceRepository>;
