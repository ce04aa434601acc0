// The queries behind the public performance figures: counts of reports made in a range (read from
// the index of reporting times), what the reports cleaned within each span add up to (the index of
// completion times), and the reporting times of the reports not cleaned yet. A report referred to the
// body responsible for its wall (a referral neither given up nor withdrawn) is the owner's: it is
// counted apart, among the cleaned and among the open.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { Tables } from '#server/db/tables.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';

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

/** A span of time, from its first instant up to (not including) its end, as ISO text. */
export interface Span {
  from: string;
  to: string;
}

/** What the reports cleaned within one span add up to. */
export interface CleanedFigures {
  /** Cleaned by volunteers: not referred to the wall's owner. */
  cleaned: number;
  /** Referred to their owner, who cleaned them (or they were cleaned while with them). */
  byOwners: number;
  /** Of those cleaned by volunteers: how many had a due time, and how many were cleaned by it. */
  withTarget: number;
  inTime: number;
  /** Of those cleaned by volunteers: the offensive, and those of them cleaned within a day. */
  offensive: number;
  offensiveWithinDay: number;
  /** The median time from report to clean of those cleaned by volunteers, or null when there are none. */
  medianMs: number | null;
}

const DAY_MS = 86_400_000;

/**
 * The cleaned reports of each span added up by the database, medians included: each span's
 * reports are ranked by how long they took, and the middle one (or the mean of the middle two) is
 * the median. Only one row per span comes back, however many reports were cleaned.
 */
function cleanedWithin(spans: readonly Span[], dialect: Dialect) {
  const postgres = dialect === 'postgres';
  const instant = (iso: string) => (postgres ? sql`cast(${iso} as timestamptz)` : sql`${iso}`);
  const took = postgres
    ? sql`date_part('epoch', r.completed_at - r.reported_at) * 1000`
    : sql`(julianday(r.completed_at) - julianday(r.reported_at)) * ${DAY_MS}`;
  const rows = sql.join(
    spans.map((span, i) => sql`select ${i} as span, ${instant(span.from)} as from_at, ${instant(span.to)} as to_at`),
    sql` union all `,
  );
  return sql<{
    span: number | string;
    cleaned: number | string | null;
    by_owners: number | string | null;
    with_target: number | string | null;
    in_time: number | string | null;
    offensive: number | string | null;
    offensive_within_day: number | string | null;
    median_ms: number | string | null;
  }>`with spans as (${rows}),
    cleaned as (
      select s.span,
        ${took} as took,
        case when r.due_at is null then null when r.completed_at <= r.due_at then 1 else 0 end as in_time,
        case when r.priority = 1 then 1 else 0 end as offensive,
        case when r.id in (
          select report_id from report_referrals where state in (${sql.join(OWNERS.map((state) => sql`${state}`))})
        ) then 1 else 0 end as by_owner
      from spans s
      join reports r on r.completed_at >= s.from_at and r.completed_at < s.to_at
      where r.status = 'completed'
    ),
    ranked as (
      select cleaned.*,
        row_number() over (partition by span, by_owner order by took) as place,
        count(*) over (partition by span, by_owner) as n
      from cleaned
    )
    select span,
      sum(1 - by_owner) as cleaned,
      sum(by_owner) as by_owners,
      sum(case when by_owner = 0 and in_time is not null then 1 else 0 end) as with_target,
      sum(case when by_owner = 0 and in_time = 1 then 1 else 0 end) as in_time,
      sum(case when by_owner = 0 then offensive else 0 end) as offensive,
      sum(case when by_owner = 0 and offensive = 1 and took <= ${DAY_MS} then 1 else 0 end) as offensive_within_day,
      avg(case when by_owner = 0 and place in ((n + 1) / 2, (n + 2) / 2) then took end) as median_ms
    from ranked
    group by span`;
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

    /** What the reports cleaned within each span add up to, in the order of the spans. */
    async cleanedWithin(spans: readonly Span[]): Promise<CleanedFigures[]> {
      const { rows } = await cleanedWithin(spans, dialect).execute(db);
      const bySpan = new Map(rows.map((row) => [Number(row.span), row]));
      const count = (n: number | string | null | undefined) => Number(n ?? 0);
      return spans.map((_, i) => {
        const row = bySpan.get(i);
        return {
          cleaned: count(row?.cleaned),
          byOwners: count(row?.by_owners),
          withTarget: count(row?.with_target),
          inTime: count(row?.in_time),
          offensive: count(row?.offensive),
          offensiveWithinDay: count(row?.offensive_within_day),
          medianMs: row?.median_ms == null ? null : Number(row.median_ms),
        };
      });
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
