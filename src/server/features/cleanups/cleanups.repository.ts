// The SQL of clean-ups: the volunteer's current claim and the clean-up rows (claims and completions are
// the reports repository's writes; the search for open sites is the nearest-site engine's). Every
// function reads through the Kysely handle it is given, so a service can run several of them inside
// one transaction.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { CleanupsTable } from '#server/db/tables.ts';
import { findReportById, type ReportRow } from '#server/features/reports/index.ts';

export type CleanupRow = Selectable<CleanupsTable>;
export function cleanupsRepository(db: Db) {
  return {
    // Not prepared: a prepared `select *` fails once a migration adds a column under a running server.
    findReport: (id: number) => findReportById(db, id),

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

    /** Points a clean-up's before or after photo at a new key, only if it still holds `oldKey`. */
    async replacePhotoKey(id: number, which: 'before' | 'after', oldKey: string, newKey: string): Promise<boolean> {
      const column = which === 'before' ? 'before_photo_key' : 'after_photo_key';
      const result = await db
        .updateTable('cleanups')
        .set({ [column]: newKey })
        .where('id', '=', id)
        .where(column, '=', oldKey)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The volunteer's own clean-up; undefined when it is not theirs. */
    findOwn(id: number, volunteerId: number): Promise<CleanupRow | undefined> {
      return db
        .selectFrom('cleanups')
        .selectAll()
        .where('id', '=', id)
        .where('volunteer_id', '=', volunteerId)
        .executeTakeFirst();
    },

    /** Sets a clean-up's minutes with the measured time kept beside them, and why. */
    correctTime(id: number, minutes: number, measured: number, note: string): Promise<CleanupRow> {
      return db
        .updateTable('cleanups')
        .set({ minutes_worked: minutes, measured_minutes: measured, time_note: note })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Erasure: the volunteer's clean-ups stay (the city's totals) without them and without their notes. */
    async unlinkVolunteer(volunteerId: number): Promise<void> {
      await db
        .updateTable('cleanups')
        .set({ volunteer_id: null, notes: null, time_note: null })
        .where('volunteer_id', '=', volunteerId)
        .execute();
    },
  };
}
