// Which row holds a stored photo (a report's own photo, an added photo, a clean-up's before or after
// photo), to move it to its blurred copy. A clean-up's row is the clean-ups feature's to write: its
// write is handed in.
import type { Db } from '#server/db/client.ts';
import { reportsRepository } from '../reports.repository.ts';

export type PhotoHolder =
  | { kind: 'report'; reportId: number }
  | { kind: 'report-photo'; id: number; reportId: number }
  | { kind: 'cleanup-before' | 'cleanup-after'; id: number; reportId: number };

/** Points a clean-up's before or after photo at a new key, only if it still holds the old one. */
export type ReplaceCleanupPhoto = (
  trx: Db,
  id: number,
  which: 'before' | 'after',
  oldKey: string,
  newKey: string,
) => Promise<boolean>;

export function photoRedactionRepository(db: Db, replaceCleanupPhoto: ReplaceCleanupPhoto) {
  const reports = reportsRepository(db);
  return {
    async findHolder(key: string): Promise<PhotoHolder | null> {
      const report = await db.selectFrom('reports').select('id').where('photo_key', '=', key).executeTakeFirst();
      if (report) return { kind: 'report', reportId: report.id };
      const added = await db
        .selectFrom('report_photos')
        .select(['id', 'report_id'])
        .where('photo_key', '=', key)
        .executeTakeFirst();
      if (added) return { kind: 'report-photo', id: added.id, reportId: added.report_id };
      const cleanup = await db
        .selectFrom('cleanups')
        .select(['id', 'report_id', 'before_photo_key'])
        .where((eb) => eb.or([eb('before_photo_key', '=', key), eb('after_photo_key', '=', key)]))
        .executeTakeFirst();
      if (cleanup)
        return {
          kind: cleanup.before_photo_key === key ? 'cleanup-before' : 'cleanup-after',
          id: cleanup.id,
          reportId: cleanup.report_id,
        };
      return null;
    },

    /**
     * Points the holder at the new key, only if it still holds the old one, and marks its report as
     * edited (a new updated_at, so every dashboard's list sees the change). False when it moved on.
     */
    async replaceKey(holder: PhotoHolder, oldKey: string, newKey: string, now: string): Promise<boolean> {
      const replace = (trx: Db): Promise<boolean> => {
        if (holder.kind === 'report') return reports.replacePhotoKey(holder.reportId, oldKey, newKey, trx);
        if (holder.kind === 'report-photo') return reports.replaceAddedPhotoKey(holder.id, oldKey, newKey, trx);
        const which = holder.kind === 'cleanup-before' ? 'before' : 'after';
        return replaceCleanupPhoto(trx, holder.id, which, oldKey, newKey);
      };
      return reports.transaction(async (trx) => {
        if (!(await replace(trx))) return false;
        await reports.markPhotoRedacted(holder.reportId, now, trx);
        return true;
      });
    },
  };
}

export type PhotoRedactionRepository = ReturnType<typeof photoRedactionRepository>;
