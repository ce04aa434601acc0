// The only writer of staged_photos: photos sent ahead of their reports, each kept until a report takes
// it or its hour is up.
import type { Insertable, Selectable } from 'kysely';
import { countOf, type Db } from '#server/db/client.ts';
import type { StagedPhotosTable } from '#server/db/tables.ts';

export type StagedPhotoRow = Selectable<StagedPhotosTable>;

export function stagedPhotosRepository(db: Db) {
  return {
    async insert(row: Insertable<StagedPhotosTable>): Promise<void> {
      await db.insertInto('staged_photos').values(row).execute();
    },

    /** Staged photos not yet expired at `now`: how many are waiting in all. */
    countWaiting: (now: string) => countOf(db.selectFrom('staged_photos').where('expires_at', '>', now)),

    /**
     * Takes the photo the reference names, once: deleted in the caller's transaction and answered, or
     * undefined when no such photo is waiting for this holder (used, expired, or another browser's).
     */
    async take(referenceHash: string, holderHash: string, now: string, trx: Db): Promise<StagedPhotoRow | undefined> {
      return trx
        .deleteFrom('staged_photos')
        .where('reference_hash', '=', referenceHash)
        .where('holder_hash', '=', holderHash)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    /** Deletes the staged photos expired by `now` and answers their keys, for their files to go too. */
    async deleteExpired(now: string): Promise<string[]> {
      const rows = await db.deleteFrom('staged_photos').where('expires_at', '<=', now).returning('photo_key').execute();
      return rows.map((row) => row.photo_key);
    },
  };
}

export type StagedPhotosRepository = ReturnType<typeof stagedPhotosRepository>;
