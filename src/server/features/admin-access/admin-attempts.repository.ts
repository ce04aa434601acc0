// Wrong administrator passcodes, per client, for the throttle.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';

export function adminAttemptsRepository(db: Db) {
  return {
    async record(clientKey: string, at: string): Promise<number> {
      const row = await db
        .insertInto('admin_attempts')
        .values({ client_key: clientKey, attempted_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('admin_attempts').where('id', '=', id).execute();
    },

    /** How many wrong tries since `since`, and when the oldest of them was. */
    async since(clientKey: string, since: string): Promise<{ count: number; oldest: string | null }> {
      const row = await db
        .selectFrom('admin_attempts')
        .select([sql<string>`count(*)`.as('n'), sql<string | Date | null>`min(attempted_at)`.as('oldest')])
        .where('client_key', '=', clientKey)
        .where('attempted_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest === null ? null : new Date(row.oldest).toISOString() };
    },

    async clear(clientKey: string): Promise<void> {
      await db.deleteFrom('admin_attempts').where('client_key', '=', clientKey).execute();
    },
  };
}
