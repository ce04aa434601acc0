// The sign_in_tokens table: one row per sign-in e-mail, holding only hashes of its link token and
// code, with its expiry, wrong-code count and the moment it was spent.
import { sql, type Selectable } from 'kysely';
import { deletedBy, type Db } from '#server/db/client.ts';
import type { SignInTokensTable } from '#server/db/tables.ts';

export type SignInTokenRow = Selectable<SignInTokensTable>;

export function signInTokensRepository(db: Db) {
  return {
    async insert(row: {
      volunteerId: number;
      tokenHash: string;
      codeHash: string;
      now: string;
      expiresAt: string;
    }): Promise<number> {
      const inserted = await db
        .insertInto('sign_in_tokens')
        .values({
          volunteer_id: row.volunteerId,
          token_hash: row.tokenHash,
          code_hash: row.codeHash,
          failed_attempts: 0,
          created_at: row.now,
          expires_at: row.expiresAt,
          used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('sign_in_tokens').where('id', '=', id).execute();
    },

    /** How many e-mails were sent to this volunteer since then, and when the oldest of them was. */
    async sentSince(volunteerId: number, since: string): Promise<{ count: number; oldest: string | null }> {
      const row = await db
        .selectFrom('sign_in_tokens')
        .select([sql<string>`count(*)`.as('n'), sql<string | Date | null>`min(created_at)`.as('oldest')])
        .where('volunteer_id', '=', volunteerId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest === null ? null : new Date(row.oldest).toISOString() };
    },

    /**
     * Takes one try on every code of the volunteer that may still be tried (unspent, unexpired, fewer
     * tries than the limit) and returns those codes. Count and check are one statement, so however
     * many guesses arrive at once, no code is compared more than `maxTries` times.
     */
    takeTry(volunteerId: number, now: string, maxTries: number): Promise<SignInTokenRow[]> {
      return db
        .updateTable('sign_in_tokens')
        .set({ failed_attempts: sql<number>`failed_attempts + 1` })
        .where('volunteer_id', '=', volunteerId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('failed_attempts', '<', maxTries)
        .returningAll()
        .execute();
    },

    /** When the latest code that may still be used stops working; null when none may. */
    async liveUntil(volunteerId: number, now: string, maxTries: number): Promise<string | null> {
      const row = await db
        .selectFrom('sign_in_tokens')
        .select(sql<string | Date | null>`max(expires_at)`.as('until'))
        .where('volunteer_id', '=', volunteerId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('failed_attempts', '<', maxTries)
        .executeTakeFirst();
      return row?.until ? new Date(row.until).toISOString() : null;
    },

    findByTokenHash(tokenHash: string): Promise<SignInTokenRow | undefined> {
      return db.selectFrom('sign_in_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Spends the token; false when another request spent it first. */
    async spend(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('sign_in_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** After a sign-in, every other link and code sent to the volunteer stops working. */
    async spendAllOf(volunteerId: number, now: string): Promise<void> {
      await db
        .updateTable('sign_in_tokens')
        .set({ used_at: now })
        .where('volunteer_id', '=', volunteerId)
        .where('used_at', 'is', null)
        .execute();
    },

    async removeExpiredBefore(before: string): Promise<void> {
      await db.deleteFrom('sign_in_tokens').where('expires_at', '<', before).execute();
    },

    /** Sign-in links and codes sent before `before`. */
    deleteSentBefore: (before: string) => deletedBy(db.deleteFrom('sign_in_tokens').where('created_at', '<', before)),
  };
}
