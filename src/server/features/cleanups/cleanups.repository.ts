// The SQL of the find-and-clean workflow: the open-site search box, the volunteer's current claim,
// progress photos and clean-up rows (claims and completions are the reports repository's writes).
// Every function reads through the Kysely handle it is given, so a service can run several of them
// inside one transaction.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { CleanupsTable, ReportPhotosTable } from '#server/db/tables.ts';
import { findReportById, type ReportRow } from '#server/features/reports/index.ts';

export type CleanupRow = Selectable<CleanupsTable>;
export type ReportPhotoRow = Selectable<ReportPhotosTable>;

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

    /** Open sites with coordinates inside the box, except the skipped ones. */
    openSitesIn(box: Box, exclude: readonly number[]): Promise<ReportRow[]> {
      let query = db
        .selectFrom('reports')
        .selectAll()
        .where('status', '=', 'reported')
        .where('latitude', '>=', box.minLat)
        .where('latitude', '<=', box.maxLat);
      if (box.minLng !== undefined && box.maxLng !== undefined) {
        query = query.where('longitude', '>=', box.minLng).where('longitude', '<=', box.maxLng);
      } else {
        query = query.where('longitude', 'is not', null);
      }
      if (exclude.length > 0) query = query.where('id', 'not in', [...exclude]);
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

    async countOpenSites(): Promise<{ withCoordinates: number; withoutCoordinates: number }> {
      const row = await db
        .selectFrom('reports')
        .select([
          sql<string>`count(*)`.as('total'),
          sql<string>`count(case when latitude is not null and longitude is not null then 1 end)`.as('located'),
        ])
        .where('status', '=', 'reported')
        .executeTakeFirstOrThrow();
      const located = Number(row.located);
      return { withCoordinates: located, withoutCoordinates: Number(row.total) - located };
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

    async insertReportPhotos(rows: Insertable<ReportPhotosTable>[]): Promise<ReportPhotoRow[]> {
      if (rows.length === 0) return [];
      return db.insertInto('report_photos').values(rows).returningAll().execute();
    },
  };
}

export type CleanupsRepository = ReturnType<typeof cleanupsRepository>;
