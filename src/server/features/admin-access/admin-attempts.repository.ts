// Wrong administrator passcodes, per client and from everyone, for the throttle.
import { sql } from 'kysely';
import { deletedBy, type Db } from '#server/db/client.ts';

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

    /**
     * Every client's tries since `since` (the one being checked included), how many clients made
     * them, and when the newest try other than `exceptId` was.
     */
    async everyoneSince(since: string, exceptId: number) {
      const row = await db
        .selectFrom('admin_attempts')
        .select([
          sql<string>`count(*)`.as('n'),
          sql<string>`count(distinct client_key)`.as('clients'),
          sql<string | Date | null>`max(case when id <> ${exceptId} then attempted_at end)`.as('newest'),
        ])
        .where('attempted_at', '>', since)
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.n),
        clients: Number(row.clients),
        newestOther: row.newest === null ? null : new Date(row.newest).toISOString(),
      };
    },

    async clear(clientKey: string): Promise<void> {
      await db.deleteFrom('admin_attempts').where('client_key', '=', clientKey).execute();
    },

    /** Wrong passcodes that no longer count towards the throttle. */
    deleteBefore: (before: string) => deletedBy(db.deleteFrom('admin_attempts').where('attempted_at', '<', before)),
  };
}
