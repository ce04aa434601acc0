// Whole-service counts for GET /api/stats (DESIGN.md "Stats").
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export function statsRepository(db: Db) {
  return {
    async totals() {
      const [byStatus, volunteers, cleanups] = await Promise.all([
        db.selectFrom('reports').select(['status', sql<string>`count(*)`.as('n')]).groupBy('status').execute(),
        db.selectFrom('volunteers').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
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
  };
}
