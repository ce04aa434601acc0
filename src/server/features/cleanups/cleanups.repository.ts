// The SQL of the find-and-clean workflow: the open-site search box, the volunteer's current claim,
// progress photos and clean-up rows (claims and completions are the reports repository's writes).
// Every function reads through the Kysely handle it is given, so a service can run several of them
// inside one transaction.
import { PostgresAdapter, sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { KNN_LONGITUDE_SQUASH } from '#server/db/migrations/030-nearest-site-knn.ts';
import type { Point } from '#shared/domain/geo.ts';
import type { CleanupsTable, ReportPhotosTable } from '#server/db/tables.ts';
import { findReportById, type ReportRow } from '#server/features/reports/index.ts';

export type CleanupRow = Selectable<CleanupsTable>;
export type ReportPhotoRow = Selectable<ReportPhotosTable>;

/** What the nearest-site search weighs of an open site. */
export type OpenSite = Pick<ReportRow, 'id' | 'latitude' | 'longitude'> & { what3words?: string };

export interface OpenSiteCounts {
  withCoordinates: number;
  withoutCoordinates: number;
}

export interface OpenSitesQuery {
  /** Nearest to this point first. */
  from?: Point;
  limit?: number;
  priorityOnly?: boolean;
  withWords?: boolean;
}

export interface Box {
  minLat: number;
  maxLat: number;
  /** Absent when the box spans every longitude. */
  minLng?: number;
  maxLng?: number;
}

/** How many candidates the index walk fetches for each site asked for. */
const KNN_OVERFETCH = 2;

/**
 * The first `limit` of the candidates inside the box, by flat-map distance from `from` and then id, as
 * the box search orders them; null when sites not fetched could belong among them. The index walks by
 * a distance squashed with Edinburgh's cosine rather than the volunteer's, which differs from the exact
 * one by at most the ratio of the two cosines: a site not fetched is at least the last fetched one's
 * index distance, shrunk by that ratio, away.
 */
function rankExactly<T extends OpenSite>(
  candidates: T[],
  box: Box,
  from: Point,
  limit: number,
  fetched: number,
): T[] | null {
  const squash = Math.cos((from.latitude * Math.PI) / 180);
  const flat = (latitude: number, longitude: number, lngSquash = squash) => {
    const dLat = latitude - from.latitude;
    const dLng = (longitude - from.longitude) * lngSquash;
    return dLat * dLat + dLng * dLng;
  };
  const wholeWidth = box.minLng === undefined || box.maxLng === undefined;
  const inBox = (site: OpenSite) =>
    site.latitude! >= box.minLat &&
    site.latitude! <= box.maxLat &&
    (wholeWidth || (site.longitude! >= box.minLng! && site.longitude! <= box.maxLng!));
  const ranked = candidates
    .filter(inBox)
    .map((site) => ({ site, distance: flat(site.latitude!, site.longitude!) }))
    .sort((a, b) => a.distance - b.distance || a.site.id - b.site.id)
    .slice(0, limit);
  const answer = ranked.map(({ site }) => site);
  if (candidates.length < fetched) return answer; // every open site was fetched
  const last = candidates[candidates.length - 1]!;
  const shrink = Math.min(1, squash / KNN_LONGITUDE_SQUASH);
  // Strictly nearer than any site not fetched can be, with a margin for rounding.
  const beyond = flat(last.latitude!, last.longitude!, KNN_LONGITUDE_SQUASH) * shrink * shrink * (1 - 1e-9);
  if (ranked.length === limit) return ranked[limit - 1]!.distance < beyond ? answer : null;
  // Fewer than asked in the box: exact only if no site not fetched can be in it.
  if (wholeWidth) return null;
  const farthestInBox = flat(
    Math.abs(box.minLat - from.latitude) > Math.abs(box.maxLat - from.latitude) ? box.minLat : box.maxLat,
    Math.abs(box.minLng! - from.longitude) > Math.abs(box.maxLng! - from.longitude) ? box.minLng! : box.maxLng!,
  );
  return farthestInBox < beyond ? answer : null;
}

export function cleanupsRepository(db: Db) {
  return {
    findReport: (id: number) => findReportById(db, id),

    /**
     * Open sites with coordinates inside the box, except the skipped ones, nearest to `from` first:
     * only what the search weighs. Their number and coordinates are in the index on status and
     * coordinates, so a wide box of thousands of sites reads no whole rows; their words are read only
     * when asked for (to pass over places already seen). The order is by flat-map distance (exact
     * enough to rank sites within a city; the caller measures the few it is given on the globe), and
     * `limit` keeps the answer small. With `priorityOnly`, marked sites alone.
     */
    async openSitesIn(
      box: Box,
      exclude: readonly number[],
      { from, limit, priorityOnly = false, withWords = false }: OpenSitesQuery = {},
    ): Promise<OpenSite[]> {
      let query = db
        .selectFrom('reports')
        .select(['id', 'latitude', 'longitude'])
        .$if(withWords, (q) => q.select('what3words'))
        .where('status', '=', 'reported')
        .$if(priorityOnly, (q) => q.where('priority', '=', 1))
        .$if(exclude.length > 0, (q) => q.where('id', 'not in', [...exclude]));
      if (from && limit !== undefined && db.getExecutor().adapter instanceof PostgresAdapter) {
        // The GiST index of open sites, walked nearest first for a few more than asked; the box and
        // the exact order are then applied here. When the walk cannot vouch for them (too few of the
        // fetched sites in the box, or far from Edinburgh), the box search below answers.
        const fetch = limit * KNN_OVERFETCH;
        const squashed = sql`point(longitude * ${sql.lit(KNN_LONGITUDE_SQUASH)}, latitude)`;
        const target = sql`point(${from.longitude * KNN_LONGITUDE_SQUASH}::float8, ${from.latitude}::float8)`;
        const candidates = await query
          .where('latitude', 'is not', null)
          .where('longitude', 'is not', null)
          .orderBy(sql`${squashed} <-> ${target}`)
          .limit(fetch)
          .execute();
        const exact = rankExactly(candidates, box, from, limit, fetch);
        if (exact) return exact;
      }
      query = query.where('latitude', '>=', box.minLat).where('latitude', '<=', box.maxLat);
      if (box.minLng !== undefined && box.maxLng !== undefined) {
        query = query.where('longitude', '>=', box.minLng).where('longitude', '<=', box.maxLng);
      } else {
        query = query.where('longitude', 'is not', null);
      }
      if (from) {
        const squash = Math.cos((from.latitude * Math.PI) / 180);
        const dLat = sql<number>`(latitude - ${from.latitude})`;
        const dLng = sql<number>`((longitude - ${from.longitude}) * ${squash})`;
        query = query.orderBy(sql`${dLat} * ${dLat} + ${dLng} * ${dLng}`).orderBy('id');
      }
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    /** Where the given reports are: their words and coordinates. */
    placesOf(ids: readonly number[]): Promise<Pick<ReportRow, 'what3words' | 'latitude' | 'longitude'>[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('reports')
        .select(['what3words', 'latitude', 'longitude'])
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Open sites with and without coordinates, read from the counts the reports table's triggers keep. */
    async countOpenSites(): Promise<OpenSiteCounts> {
      const row = await db
        .selectFrom('open_site_counts')
        .select(['placed', 'unplaced'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return { withCoordinates: Number(row.placed), withoutCoordinates: Number(row.unplaced) };
    },

    /** The volunteer's own site in cleaning, the latest claimed if several. */
    currentClaimOf(volunteerId: number): Promise<ReportRow | undefined> {
      return db
        .selectFrom('reports')
        .selectAll()
        .where('status', '=', 'cleaning')
        .where('cleaning_volunteer_id', '=', volunteerId)
        .orderBy('cleaning_started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    insertCleanup(row: Insertable<CleanupsTable>): Promise<CleanupRow> {
      return db.insertInto('cleanups').values(row).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type CleanupsRepository = ReturnType<typeof cleanupsRepository>;
