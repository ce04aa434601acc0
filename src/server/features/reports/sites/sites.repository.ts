// Sites: one wall, many reports. The only writer of the sites table, and the reads of a site's
// reports: which site a new report joins (the same words, else the nearest report within 25 m, of
// any status), whether it comes after the site was cleaned, and a site's history.
import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { pointOf, toIso, toIsoOrNull, type ReportsTable } from '#server/db/tables.ts';
import { boundingBox } from '#shared/domain/geo.ts';
import { isOfSite, metresBetween, SITE_RADIUS_METRES } from '#shared/domain/site.ts';
import type { SiteHistory } from '#shared/domain/site-history.ts';

/** Candidates read per new report: a wall has a handful of reports, a busy corner a few dozen. */
const CANDIDATES = 50;

/**
 * The site an earlier report at the same words, or the nearest within the radius, belongs to; null
 * when there is none (the new report starts a site of its own).
 */
export async function siteNear(
  q: Db,
  place: Pick<Selectable<ReportsTable>, 'what3words' | 'latitude' | 'longitude'>,
): Promise<number | null> {
  const at = pointOf(place.latitude, place.longitude);
  const sameWords = await q
    .selectFrom('reports')
    .select('site_id')
    .where('what3words', '=', place.what3words)
    .where('site_id', 'is not', null)
    .orderBy('reported_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (sameWords?.site_id) return sameWords.site_id;
  if (!at) return null;
  const box = boundingBox(at, SITE_RADIUS_METRES);
  let query = q
    .selectFrom('reports')
    .select(['site_id', 'what3words', 'latitude', 'longitude'])
    .where('site_id', 'is not', null)
    .where('latitude', '>=', box.minLat)
    .where('latitude', '<=', box.maxLat);
  if (box.minLng !== undefined && box.maxLng !== undefined)
    query = query.where('longitude', '>=', box.minLng).where('longitude', '<=', box.maxLng);
  const near = (await query.limit(CANDIDATES).execute()).filter((row) => isOfSite(row, null, at));
  near.sort((a, b) => metresBetween(a, at) - metresBetween(b, at));
  return near[0]?.site_id ?? null;
}

/** Whether a report made now at this site comes after it was cleaned: one of its reports is, none is open. */
export async function isCleanedSite(q: Db, siteId: number): Promise<boolean> {
  const row = await q
    .selectFrom('reports')
    .select([
      sql<number | string>`sum(case when status = 'completed' then 1 else 0 end)`.as('cleaned'),
      sql<number | string>`sum(case when status = 'completed' then 0 else 1 end)`.as('open'),
    ])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return Number(row?.cleaned ?? 0) > 0 && Number(row?.open ?? 0) === 0;
}

export function sitesRepository(db: Db) {
  return {
    /** A new site, for a report that starts one. */
    async create(now: string, trx?: Db): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('sites')
        .values({ created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The open reports of a site, other than `except`. */
    async openReportsOf(siteId: number, except: number, trx?: Db) {
      return (trx ?? db)
        .selectFrom('reports')
        .select(['id', 'what3words'])
        .where('site_id', '=', siteId)
        .where('status', '!=', 'completed')
        .where('id', '!=', except)
        .orderBy('reported_at')
        .limit(1)
        .execute();
    },

    /** How many reports made since then came after their site was cleaned (read by the reported-at index). */
    async taggedAgainSince(since: string): Promise<number> {
      const row = await db
        .selectFrom('reports')
        .select(sql<number | string>`count(*)`.as('n'))
        .where('reported_at', '>=', since)
        .where('tagged_again', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The history of the site a report belongs to (a report with no site is a site of its own); null when no such report. */
    async historyOf(reportId: number): Promise<SiteHistory | null> {
      const report = await db
        .selectFrom('reports')
        .select(['site_id', 'reported_at', 'completed_at', 'tagged_again'])
        .where('id', '=', reportId)
        .executeTakeFirst();
      if (!report) return null;
      if (report.site_id === null)
        return {
          reports: 1,
          taggedAgain: report.tagged_again,
          firstReportedAt: toIso(report.reported_at),
          lastCleanedAt: toIsoOrNull(report.completed_at),
        };
      const row = await db
        .selectFrom('reports')
        .select([
          sql<number | string>`count(*)`.as('reports'),
          sql<number | string>`sum(tagged_again)`.as('tagged_again'),
          sql<string | Date>`min(reported_at)`.as('first_reported_at'),
          sql<string | Date | null>`max(completed_at)`.as('last_cleaned_at'),
        ])
        .where('site_id', '=', report.site_id)
        .executeTakeFirstOrThrow();
      return {
        reports: Number(row.reports),
        taggedAgain: Number(row.tagged_again ?? 0),
        firstReportedAt: toIso(row.first_reported_at),
        lastCleanedAt: toIsoOrNull(row.last_cleaned_at),
      };
    },
  };
}
