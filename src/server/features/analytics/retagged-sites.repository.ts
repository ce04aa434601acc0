// The sites most often tagged again after they were cleaned. Read from the partial index of the reports
// made after their site was cleaned (few, whatever the number of reports), then the facts of the few
// sites found, each by the site index.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import type { RetaggedSite } from '#shared/contracts/report-sites.ts';

export function retaggedSitesRepository(db: Db) {
  return {
    async mostRetagged(limit: number): Promise<RetaggedSite[]> {
      const top = await db
        .selectFrom('reports')
        .select(['site_id', sql<number | string>`count(*)`.as('tagged_again')])
        .where('tagged_again', '=', 1)
        .where('site_id', 'is not', null)
        .groupBy('site_id')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`max(reported_at)`, 'desc')
        .limit(limit)
        .execute();
      const ids = top.map((row) => row.site_id!);
      if (ids.length === 0) return [];
      const [facts, newest] = await Promise.all([
        db
          .selectFrom('reports')
          .select([
            'site_id',
            sql<number | string>`count(*)`.as('reports'),
            sql<string | Date>`max(reported_at)`.as('last_reported_at'),
            sql<string | Date | null>`max(completed_at)`.as('last_cleaned_at'),
          ])
          .where('site_id', 'in', ids)
          .groupBy('site_id')
          .execute(),
        db
          .selectFrom('reports')
          .select(['site_id', 'id', 'what3words', 'reported_at'])
          .where('site_id', 'in', ids)
          .orderBy('reported_at', 'desc')
          .orderBy('id', 'desc')
          .execute(),
      ]);
      return top.map((row) => {
        const fact = facts.find((f) => f.site_id === row.site_id)!;
        const latest = newest.find((n) => n.site_id === row.site_id)!;
        return {
          reportId: latest.id,
          what3words: latest.what3words,
          reports: Number(fact.reports),
          taggedAgain: Number(row.tagged_again),
          lastReportedAt: toIso(fact.last_reported_at),
          lastCleanedAt: toIsoOrNull(fact.last_cleaned_at),
        };
      });
    },
  };
}
