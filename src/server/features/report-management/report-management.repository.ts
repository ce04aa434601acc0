// The writes of the management dashboard on reports: edit, delete (with everything hanging off a
// report), delete one added photo, and renumbering. Each multi-row change is one transaction.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { findReportById, nextUpdatedAt, type ReportRow } from '#server/features/reports/reports.repository.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';

export interface ReportEdit {
  what3words: string;
  description: string | null;
  /** Set when the words changed: the coordinates follow them (null when they did not convert). */
  coordinates?: {
    latitude: number | null;
    longitude: number | null;
    locationSource: ReportRow['location_source'];
    wordsScheme: ReportRow['words_scheme'];
    locationStatus: ReportRow['location_status'];
  };
}

/** Rows renumbered per statement: well under both databases' limits on bound parameters. */
const RENUMBER_BATCH = 500;

export function reportManagementRepository(db: Db, dialect: Dialect) {
  return {
    findById: (id: number) => findReportById(db, id),

    async update(id: number, edit: ReportEdit, now: string): Promise<ReportRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const updatedAt = await nextUpdatedAt(trx, now);
        return trx
          .updateTable('reports')
          .set({
            what3words: edit.what3words,
            description: edit.description,
            updated_at: updatedAt,
            ...(edit.coordinates
              ? {
                  latitude: edit.coordinates.latitude,
                  longitude: edit.coordinates.longitude,
                  location_source: edit.coordinates.locationSource,
                  words_scheme: edit.coordinates.wordsScheme,
                  location_status: edit.coordinates.locationStatus,
                }
              : {}),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
      });
    },

    /**
     * Deletes the report; its photos and clean-ups go with it (ON DELETE CASCADE). Answers every
     * photo key that belonged to it, for the caller to remove once this has committed, or null.
     */
    async delete(id: number): Promise<string[] | null> {
      return db.transaction().execute(async (trx) => {
        const report = await trx.selectFrom('reports').select('photo_key').where('id', '=', id).executeTakeFirst();
        if (!report) return null;
        const [photos, cleanups] = await Promise.all([
          trx.selectFrom('report_photos').select('photo_key').where('report_id', '=', id).execute(),
          trx
            .selectFrom('cleanups')
            .select(['before_photo_key', 'after_photo_key'])
            .where('report_id', '=', id)
            .execute(),
        ]);
        await trx.deleteFrom('reports').where('id', '=', id).execute();
        return [
          report.photo_key,
          ...photos.map((photo) => photo.photo_key),
          ...cleanups.flatMap((cleanup) => [cleanup.before_photo_key, cleanup.after_photo_key]),
        ];
      });
    },

    /**
     * Several reports to one status at once, as an administrator's single change would set each
     * (completed_at true to the status, a claim only while cleaning). Reports already in that status
     * are left as they are. Answers how many of the ids exist.
     */
    async setStatusMany(
      ids: readonly number[],
      status: ReportRow['status'],
      claimant: number | null,
      now: string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const noClaim = { cleaning_started_at: null, cleaning_volunteer_id: null };
        const fields =
          status === 'cleaning'
            ? { status, cleaning_started_at: now, cleaning_volunteer_id: claimant, completed_at: null }
            : status === 'completed'
              ? { status, ...noClaim, completed_at: now }
              : { status, ...noClaim, completed_at: null };
        await trx
          .updateTable('reports')
          .set({ ...fields, updated_at: await nextUpdatedAt(trx, now) })
          .where('id', 'in', [...ids])
          .where('status', '!=', status)
          .execute();
        const found = await trx
          .selectFrom('reports')
          .select(sql<string | number>`count(*)`.as('n'))
          .where('id', 'in', [...ids])
          .executeTakeFirstOrThrow();
        return Number(found.n);
      });
    },

    /** Deletes one photo of one report; answers its key, or null when the report has no such photo. */
    async deletePhoto(reportId: number, photoId: number, now: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const photo = await trx
          .deleteFrom('report_photos')
          .where('id', '=', photoId)
          .where('report_id', '=', reportId)
          .returning('photo_key')
          .executeTakeFirst();
        if (!photo) return null;
        await trx
          .updateTable('reports')
          .set({ updated_at: await nextUpdatedAt(trx, now) })
          .where('id', '=', reportId)
          .execute();
        return photo.photo_key;
      });
    },

    /**
     * Gives the reports the ids 1..n in reported order, in one transaction. Photos and clean-ups
     * follow through ON UPDATE CASCADE. Two passes: first every id moves above the highest one, so
     * no new id meets an old one under the unique key; then each takes its place. The id sequence
     * then continues from n.
     */
    async renumber(now: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        // No report may be added while ids move (PostgreSQL; SQLite writes one at a time already).
        if (dialect === 'postgres') await sql`lock table reports in exclusive mode`.execute(trx);
        const rows = await trx
          .selectFrom('reports')
          .select('id')
          .orderBy('reported_at', 'asc')
          .orderBy('id', 'asc')
          .execute();
        if (rows.length > 0) {
          const shift = Math.max(...rows.map((row) => row.id));
          await trx
            .updateTable('reports')
            .set({ id: sql<number>`id + ${shift}` })
            .execute();
          const updatedAt = await nextUpdatedAt(trx, now);
          for (let start = 0; start < rows.length; start += RENUMBER_BATCH) {
            const batch = rows.slice(start, start + RENUMBER_BATCH);
            // column1 = the new id, column2 = the shifted old id: both databases name VALUES columns so.
            const values = sql.join(
              batch.map((row, i) => sql`(cast(${start + i + 1} as integer), cast(${row.id + shift} as integer))`),
            );
            await sql`update reports set id = m.column1, updated_at = ${updatedAt}
              from (values ${values}) as m where reports.id = m.column2`.execute(trx);
          }
        }
        if (dialect === 'postgres') {
          await sql`select setval(pg_get_serial_sequence('reports', 'id'), (select coalesce(max(id), 0) + 1 from reports), false)`.execute(
            trx,
          );
        } else {
          await sql`update sqlite_sequence set seq = (select coalesce(max(id), 0) from reports) where name = 'reports'`.execute(
            trx,
          );
        }
        return rows.length;
      });
    },
  };
}

export type ReportManagementRepository = ReturnType<typeof reportManagementRepository>;
