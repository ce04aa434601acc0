// The queries behind the public performance figures: counts of reports made in a range (read from
// the index of reporting times), the cleaned reports of a range with their times (the index of
// completion times), and the reporting times of the reports not cleaned yet. A report referred to the
// body responsible for its wall (a referral neither given up nor withdrawn) is the owner's: it is
// marked as such among the cleaned, and counted apart among the open.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { Tables } from '#server/db/tables.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';

/**
 * A stored time as milliseconds since 1970, worked out by the database: a year of cleaned reports is
 * tens of thousands of rows, and turning each of their times into a Date or parsing its text cost more
 * than reading them.
 */
function milliseconds(column: 'reported_at' | 'completed_at' | 'due_at', dialect: Dialect) {
  const ref = sql.ref(`reports.${column}`);
  return dialect === 'postgres'
    ? sql<number | null>`(extract(epoch from ${ref}) * 1000)::float8`
    : sql<number | null>`unixepoch(${ref}, 'subsec') * 1000`;
}

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

/** A cleaned report's times, in milliseconds since 1970: each period's figures compare them many times over. */
export interface CleanedRow {
  reportedMs: number;
  completedMs: number;
  dueMs: number | null;
  offensive: boolean;
  /** Referred to its owner, who cleaned it (or it was cleaned while with them). */
  byOwner: boolean;
}

export function performanceRepository(db: Db, dialect: Dialect) {
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

    /**
     * The reports completed from `from` on. Those with their owners are found apart, among the few
     * referred: asked report by report, the question cost more than reading the reports themselves.
     */
    async cleanedSince(from: string): Promise<CleanedRow[]> {
      const [rows, owners] = await Promise.all([
        db
          .selectFrom('reports')
          .select(['id', 'priority'])
          .select([
            milliseconds('reported_at', dialect).as('reported_ms'),
            milliseconds('completed_at', dialect).as('completed_ms'),
            milliseconds('due_at', dialect).as('due_ms'),
          ])
          .where('status', '=', 'completed')
          .where('completed_at', '>=', from)
          .execute(),
        db
          .selectFrom('report_referrals')
          .innerJoin('reports', 'reports.id', 'report_referrals.report_id')
          .select('report_referrals.report_id')
          .where('report_referrals.state', 'in', [...OWNERS])
          .where('reports.status', '=', 'completed')
          .where('reports.completed_at', '>=', from)
          .execute(),
      ]);
      const byOwner = new Set(owners.map((row) => row.report_id));
      return rows.map((row) => ({
        reportedMs: Math.round(row.reported_ms!),
        completedMs: Math.round(row.completed_ms!),
        dueMs: row.due_ms === null ? null : Math.round(row.due_ms),
        offensive: Number(row.priority) === 1,
        byOwner: byOwner.has(row.id),
      }));
    },

    /**
     * How many reports not cleaned yet, and not with their owners, were reported in [from, to) (null:
     * unbounded). A range reaching far back reads most of the reports by their reporting time: ask
     * for the recent ranges and the whole, and take the old as the rest.
     */
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
