// The management dashboard's changes to reports: edit, status of many, delete (with every stored file
// that hung off the report), delete one added photo, renumbering and priority. The reports table itself is
// written by the reports repository; what is here composes its writes with this feature's reads.
import type { Db } from '#server/db/client.ts';
import { reportsRepository, type ReportRow } from '../reports.repository.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';

export function reportManagementRepository(db: Db, dialect: Dialect) {
  const reports = reportsRepository(db);
  return {
    findById: reports.findById,
    update: reports.update,
    setStatusMany: reports.setStatusMany,
    renumber: (now: string) => reports.renumber(now, dialect),

    /** Sets the priority mark and runs `alsoInTransaction` in the same transaction; undefined when there is no such report. */
    setPriority(
      id: number,
      priority: boolean,
      now: string,
      alsoInTransaction?: (trx: Db) => Promise<void>,
      dueAtOf?: (reportedAt: string) => string,
    ): Promise<ReportRow | undefined> {
      return reports.transaction(async (trx) => {
        const updated = await reports.setPriority(id, priority, now, trx, dueAtOf);
        if (updated) await alsoInTransaction?.(trx);
        return updated;
      });
    },

    /**
     * Deletes the report; its photos and clean-ups go with it (ON DELETE CASCADE). Answers every
     * photo key that belonged to it, for the caller to remove once this has committed, or null.
     */
    async delete(id: number): Promise<string[] | null> {
      return reports.transaction(async (trx) => {
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
        await reports.delete(id, trx);
        return [
          report.photo_key,
          ...photos.map((photo) => photo.photo_key),
          ...cleanups.flatMap((cleanup) => [cleanup.before_photo_key, cleanup.after_photo_key]),
        ];
      });
    },

    /** Deletes one photo of one report; answers its key, or null when the report has no such photo. */
    async deletePhoto(reportId: number, photoId: number, now: string): Promise<string | null> {
      return reports.transaction(async (trx) => {
        const key = await reports.deletePhoto(reportId, photoId, trx);
        if (key === null) return null;
        await reports.touch(reportId, now, trx);
        return key;
      });
    },
  };
}

export type ReportManagementRepository = ReturnType<typeof reportManagementRepository>;
