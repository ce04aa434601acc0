// The sessions table: one row per signed-in browser, keyed by the hash of its cookie's random id.
import type { Insertable } from 'kysely';
import { deletedBy, type Db } from '#server/db/client.ts';
import type { SessionsTable } from '#server/db/tables.ts';

export function sessionsRepository(db: Db) {
  return {
    /** Inserts the session; `alsoInTransaction` writes with it (a sign-in's audit entry), or neither is kept. */
    async insert(row: Insertable<SessionsTable>, alsoInTransaction?: (trx: Db) => Promise<void>): Promise<void> {
      if (!alsoInTransaction) {
        await db.insertInto('sessions').values(row).execute();
        return;
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('sessions').values(row).execute();
        await alsoInTransaction(trx);
      });
    },

    /** The session with its volunteer (if any). */
    async find(idHash: string) {
      return db
        .selectFrom('sessions')
        .leftJoin('volunteers', 'volunteers.id', 'sessions.volunteer_id')
        .select([
          'sessions.id_hash',
          'sessions.kind',
          'sessions.volunteer_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'volunteers.email',
          'volunteers.name',
        ])
        .where('sessions.id_hash', '=', idHash)
        .executeTakeFirst();
    },

    async touch(idHash: string, now: string): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
    },

    async remove(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Sessions that ended (expired, or idle past their kind's limit) before `endedBefore`. */
    async deleteEnded(endedBefore: Date, idleMs: { volunteer: number; admin: number }): Promise<number> {
      const iso = (ms: number) => new Date(endedBefore.getTime() - ms).toISOString();
      return deletedBy(
        db
          .deleteFrom('sessions')
          .where((eb) =>
            eb.or([
              eb('expires_at', '<', endedBefore.toISOString()),
              eb.and([eb('kind', '=', 'volunteer'), eb('last_seen_at', '<', iso(idleMs.volunteer))]),
              eb.and([eb('kind', '=', 'admin'), eb('last_seen_at', '<', iso(idleMs.admin))]),
            ]),
          ),
      );
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
