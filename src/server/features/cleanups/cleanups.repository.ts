// The SQL of the find-and-clean workflow: the open-site search box, the volunteer's current claim,
// progress photos and clean-up rows (claims and completions are the reports repository's writes).
// Every function reads through the Kysely handle it is given, so a service can run several of them
// inside one transaction.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { Point } from '#shared/domain/geo.ts';
import type { CleanupsTable, ReportPhotosTable } from '#server/db/tables.ts';
import { countWaiting, findReportById, type ReportRow } from '#server/features/reports/index.ts';

export type CleanupRow = Selectable<CleanupsTable>;
export type ReportPhotoRow = Selectable<ReportPhotosTable>;

/** What the nearest-site search weighs of an open site. */
export type OpenSite = Pick<ReportRow, 'id' | 'latitude' | 'longitude'> & { what3words?: string };

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
    openSitesIn(
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
        .where('latitude', '>=', box.minLat)
        .where('latitude', '<=', box.maxLat);
      if (box.minLng !== undefined && box.maxLng !== undefined) {
        query = query.where('longitude', '>=', box.minLng).where('longitude', '<=', box.maxLng);
      } else {
        query = query.where('longitude', 'is not', null);
      }
      if (exclude.length > 0) query = query.where('id', 'not in', [...exclude]);
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

    /**
     * Open sites with and without coordinates. All of them come from the counts the triggers keep;
     * those without coordinates (few: words the grid could not place) from the status and coordinates
     * index. A report's latitude and longitude are set together, so a missing latitude is enough.
     */
    async countOpenSites(): Promise<{ withCoordinates: number; withoutCoordinates: number }> {
      const [waiting, unplaced] = await Promise.all([
        countWaiting(db),
        db
          .selectFrom('reports')
          .select(sql<string>`count(*)`.as('n'))
          .where('status', '=', 'reported')
          .where('latitude', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      const withoutCoordinates = Number(unplaced.n);
      return { withCoordinates: waiting - withoutCoordinates, withoutCoordinates };
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
