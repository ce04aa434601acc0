// Which rows hold stored photos (a report's own photo, an added photo, a clean-up's before or after
// photo): all the keys in use, for the orphan sweep, and the holder of one, to move to its blurred copy.
import type { Db } from '#server/db/client.ts';
import { reportsRepository } from '#server/features/reports/index.ts';

export type PhotoHolder =
  | { kind: 'report'; reportId: number }
  | { kind: 'report-photo'; id: number; reportId: number }
  | { kind: 'cleanup-before' | 'cleanup-after'; id: number; reportId: number };

/** Every photo key a row refers to: a report's own photo, an added photo, a clean-up's two photos. */
export async function photoKeysInUse(db: Db): Promise<Set<string>> {
  const [reports, photos, cleanups] = await Promise.all([
    db.selectFrom('reports').select('photo_key').execute(),
    db.selectFrom('report_photos').select('photo_key').execute(),
    db.selectFrom('cleanups').select(['before_photo_key', 'after_photo_key']).execute(),
  ]);
  return new Set([
    ...reports.map((row) => row.photo_key),
    ...photos.map((row) => row.photo_key),
    ...cleanups.flatMap((row) => [row.before_photo_key, row.after_photo_key]),
  ]);
}

export function photoRedactionRepository(db: Db) {
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
      return db.transaction().execute(async (trx) => {
        let changed: boolean;
        if (holder.kind === 'report') {
          changed = await reports.replacePhotoKey(holder.reportId, oldKey, newKey, trx);
        } else if (holder.kind === 'report-photo') {
          changed = await reports.replaceAddedPhotoKey(holder.id, oldKey, newKey, trx);
        } else {
          const column = holder.kind === 'cleanup-before' ? 'before_photo_key' : 'after_photo_key';
          const result = await trx
            .updateTable('cleanups')
            .set({ [column]: newKey })
            .where('id', '=', holder.id)
            .where(column, '=', oldKey)
            .executeTakeFirst();
          changed = Number(result.numUpdatedRows) === 1;
        }
        if (!changed) return false;
        await reports.markPhotoRedacted(holder.reportId, now, trx);
        return true;
      });
    },
  };
}

export type PhotoRedactionRepository = ReturnType<typeof photoRedactionRepository>;
