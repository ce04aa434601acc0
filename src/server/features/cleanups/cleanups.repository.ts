// The SQL of the find-and-clean workflow: the open-site search box, claims on reports, progress photos
// and clean-up rows. Every function takes the Kysely handle it is given, so a service can run several
// of them inside one transaction.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { CleanupsTable, ReportPhotosTable, ReportsTable } from '#server/db/tables.ts';
import { findReportById, nextUpdatedAt, type ReportRow } from '#server/features/reports/reports.repository.ts';

export type CleanupRow = Selectable<CleanupsTable>;
export type ReportPhotoRow = Selectable<ReportPhotosTable>;

export interface Box {
  minLat: number;
  maxLat: number;
  /** Absent when the box spans every longitude. */
  minLng?: number;
  maxLng?: number;
}

/** The columns a claim is made of; cleared together whenever a report leaves `cleaning`. */
const noClaim = { cleaning_started_at: null, cleaning_volunteer_id: null } as const;

export function cleanupsRepository(db: Db) {
  return {
    findReport: (id: number) => findReportById(db, id),

    /** Claims started before the cutoff go back to `reported`; answers how many did. */
    async releaseClaimsStartedBefore(cutoff: string, now: string): Promise<number> {
      // Called before every workflow call: a cheap look first (the status index), the write only when needed.
      const lapsed = await db
        .selectFrom('reports')
        .select('id')
        .where('status', '=', 'cleaning')
        .where('cleaning_started_at', '<', cutoff)
        .limit(1)
        .executeTakeFirst();
      if (!lapsed) return 0;
      const result = await db
        .updateTable('reports')
        .set({ status: 'reported', ...noClaim, updated_at: await nextUpdatedAt(db, now) })
        .where('status', '=', 'cleaning')
        .where('cleaning_started_at', 'is not', null)
        .where('cleaning_started_at', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

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

    /** Claims an open site; false when it was not open any more. */
    async claim(id: number, volunteerId: number | null, now: string): Promise<boolean> {
      const result = await db
        .updateTable('reports')
        .set({
          status: 'cleaning',
          cleaning_started_at: now,
          cleaning_volunteer_id: volunteerId,
          completed_at: null,
          updated_at: await nextUpdatedAt(db, now),
        })
        .where('id', '=', id)
        .where('status', '=', 'reported')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives a claim back; with a volunteer, only that volunteer's claim. */
    async release(id: number, volunteerId: number | null, now: string): Promise<boolean> {
      let query = db
        .updateTable('reports')
        .set({ status: 'reported', ...noClaim, updated_at: await nextUpdatedAt(db, now) })
        .where('id', '=', id)
        .where('status', '=', 'cleaning');
      if (volunteerId !== null) query = query.where('cleaning_volunteer_id', '=', volunteerId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An administrator's status change: any status from any other, completed_at kept true to it. */
    async setStatus(
      id: number,
      status: ReportsTable['status'],
      claimant: number | null,
      now: string,
    ): Promise<ReportRow | undefined> {
      const fields =
        status === 'cleaning'
          ? { status, cleaning_started_at: now, cleaning_volunteer_id: claimant, completed_at: null }
          : status === 'completed'
            ? { status, ...noClaim, completed_at: now }
            : { status, ...noClaim, completed_at: null };
      return db
        .updateTable('reports')
        .set({ ...fields, updated_at: await nextUpdatedAt(db, now) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Marks a site completed, provided it is still as the caller saw it (same status and claimant);
     * undefined when another request changed it in between.
     */
    async markCompleted(
      seen: Pick<ReportRow, 'id' | 'status' | 'cleaning_volunteer_id'>,
      now: string,
    ): Promise<ReportRow | undefined> {
      let query = db
        .updateTable('reports')
        .set({ status: 'completed', completed_at: now, ...noClaim, updated_at: await nextUpdatedAt(db, now) })
        .where('id', '=', seen.id)
        .where('status', '=', seen.status);
      query =
        seen.cleaning_volunteer_id === null
          ? query.where('cleaning_volunteer_id', 'is', null)
          : query.where('cleaning_volunteer_id', '=', seen.cleaning_volunteer_id);
      return query.returningAll().executeTakeFirst();
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

    async touchReport(id: number, now: string): Promise<void> {
      await db
        .updateTable('reports')
        .set({ updated_at: await nextUpdatedAt(db, now) })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type CleanupsRepository = ReturnType<typeof cleanupsRepository>;
