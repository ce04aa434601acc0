// The volunteers table. Addresses are stored lower-case, so one person is one row.
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { VolunteersTable } from '#server/db/tables.ts';

export type VolunteerRow = Selectable<VolunteersTable>;

export function volunteersRepository(db: Db) {
  return {
    findById(id: number): Promise<VolunteerRow | undefined> {
      return db.selectFrom('volunteers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string): Promise<VolunteerRow | undefined> {
      return db.selectFrom('volunteers').selectAll().where('email', '=', email).executeTakeFirst();
    },

    /** Inserts the volunteer unless the address exists; either way answers the row. */
    async findOrCreate(
      email: string,
      name: string | null,
      now: string,
    ): Promise<{ volunteer: VolunteerRow; created: boolean }> {
      const inserted = await db
        .insertInto('volunteers')
        .values({ email, name, joined_at: now, last_active_at: null })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { volunteer: inserted, created: true };
      return { volunteer: (await this.findByEmail(email))!, created: false };
    },

    async setName(id: number, name: string): Promise<void> {
      await db.updateTable('volunteers').set({ name }).where('id', '=', id).execute();
    },

    async touchLastActive(id: number, now: string): Promise<void> {
      await db.updateTable('volunteers').set({ last_active_at: now }).where('id', '=', id).execute();
    },
  };
}
