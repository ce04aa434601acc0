// Whole-service counts for GET /api/stats, and the raw figures of the administrator's analytics: volunteers
// with their clean-up totals, and the instants of reports and clean-ups that daily progress buckets into
// Europe/London days.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';

export function statsRepository(db: Db) {
  return {
    async totals() {
      const [byStatus, volunteers, cleanups] = await Promise.all([
        db
          .selectFrom('reports')
          .select(['status', sql<string>`count(*)`.as('n')])
          .groupBy('status')
          .execute(),
        db
          .selectFrom('volunteers')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('cleanups')
          .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(minutes_worked), 0)`.as('minutes')])
          .executeTakeFirstOrThrow(),
      ]);
      const reports = { total: 0, reported: 0, cleaning: 0, completed: 0 };
      for (const row of byStatus) {
        reports[row.status] = Number(row.n);
        reports.total += Number(row.n);
      }
      return {
        reports,
        volunteers: Number(volunteers.n),
        cleanups: Number(cleanups.n),
        totalMinutes: Number(cleanups.minutes),
      };
    },

    /** Minutes, bags and area over every approved entry of time and bags at MUCU events, or one volunteer's. */
    async approvedEventLogTotals(volunteerId?: number) {
      const row = await db
        .selectFrom('event_logs')
        .select([
          sql<string>`count(*)`.as('n'),
          sql<string>`coalesce(sum(minutes), 0)`.as('minutes'),
          sql<string>`coalesce(sum(bags), 0)`.as('bags'),
          sql<string>`coalesce(sum(area_m2), 0)`.as('area'),
        ])
        .where('status', '=', 'approved')
        .$if(volunteerId !== undefined, (qb) => qb.where('volunteer_id', '=', volunteerId!))
        .executeTakeFirstOrThrow();
      return { entries: Number(row.n), minutes: Number(row.minutes), bags: Number(row.bags), areaM2: Number(row.area) };
    },

    /** Every volunteer with the count and minutes of their clean-ups and the latest one. */
    async volunteerTotals() {
      const volunteer = [
        'volunteers.id',
        'volunteers.email',
        'volunteers.name',
        'volunteers.joined_at',
        'volunteers.last_active_at',
      ] as const;
      const rows = await db
        .selectFrom('volunteers')
        .leftJoin('cleanups', 'cleanups.volunteer_id', 'volunteers.id')
        .select([
          ...volunteer,
          sql<string>`count(cleanups.id)`.as('sites'),
          sql<string>`coalesce(sum(cleanups.minutes_worked), 0)`.as('minutes'),
          sql<string | Date | null>`max(cleanups.completed_at)`.as('last_cleanup_at'),
        ])
        .groupBy(volunteer)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        joinedAt: toIso(row.joined_at),
        lastActiveAt: toIsoOrNull(row.last_active_at),
        lastCleanupAt: toIsoOrNull(row.last_cleanup_at),
        sites: Number(row.sites),
        minutes: Number(row.minutes),
      }));
    },

    /** The earliest report or clean-up, or null when there is neither. */
    async firstActivity(): Promise<string | null> {
      const [reports, cleanups] = await Promise.all([
        db
          .selectFrom('reports')
          .select(sql<string | Date | null>`min(reported_at)`.as('first'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('cleanups')
          .select(sql<string | Date | null>`min(completed_at)`.as('first'))
          .executeTakeFirstOrThrow(),
      ]);
      const instants = [reports.first, cleanups.first].filter((v): v is string | Date => v !== null).map(toIso);
      return instants.length === 0 ? null : instants.sort()[0]!;
    },

    /**
     * From an instant on (ISO strings): when each report was made, when each report now completed was
     * completed (whoever completed it), and when each volunteer's clean-up was recorded.
     */
    async activitySince(since: string | null) {
      let reports = db.selectFrom('reports').select('reported_at as at');
      let completed = db
        .selectFrom('reports')
        .select('completed_at as at')
        .where('status', '=', 'completed')
        .where('completed_at', 'is not', null);
      let cleanups = db.selectFrom('cleanups').select('completed_at as at');
      if (since) {
        reports = reports.where('reported_at', '>=', since);
        completed = completed.where('completed_at', '>=', since);
        cleanups = cleanups.where('completed_at', '>=', since);
      }
      const [reportRows, completedRows, cleanupRows] = await Promise.all([
        reports.execute(),
        completed.execute(),
        cleanups.execute(),
      ]);
      return {
        reportedAt: reportRows.map((row) => toIso(row.at)),
        completedAt: completedRows.map((row) => toIso(row.at!)),
        cleanedAt: cleanupRows.map((row) => toIso(row.at)),
      };
    },

    /** When each priority (offensive) report was made, and completed if it was. */
    async priorityReports(): Promise<{ reportedAt: string; completedAt: string | null }[]> {
      const rows = await db
        .selectFrom('reports')
        .select(['reported_at', 'completed_at'])
        .where('priority', '=', 1)
        .execute();
      return rows.map((row) => ({ reportedAt: toIso(row.reported_at), completedAt: toIsoOrNull(row.completed_at) }));
    },
  };
}

export type StatsRepository = ReturnType<typeof statsRepository>;
