// Every photo key a row refers to, for the orphan sweep: it reads the tables that hold stored photos
// and writes none of them.
import type { Db } from '#server/db/client.ts';

/** Every photo key a row refers to: a report's own photo, an added or staged photo, a clean-up's two photos. */
export async function photoKeysInUse(db: Db): Promise<Set<string>> {
  const [reports, photos, staged, cleanups] = await Promise.all([
    db.selectFrom('reports').select('photo_key').execute(),
    db.selectFrom('report_photos').select('photo_key').execute(),
    db.selectFrom('staged_photos').select('photo_key').execute(),
    db.selectFrom('cleanups').select(['before_photo_key', 'after_photo_key']).execute(),
  ]);
  return new Set([
    ...reports.map((row) => row.photo_key),
    ...photos.map((row) => row.photo_key),
    ...staged.map((row) => row.photo_key),
    ...cleanups.flatMap((row) => [row.before_photo_key, row.after_photo_key]),
  ]);
}
