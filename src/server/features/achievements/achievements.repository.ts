// The SQL of achievements: what a volunteer has done that badges count, the badges they hold, and the
// award itself. Every function reads through the handle it is given (the earning transaction).
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';

export function achievementsRepository(db: Db) {
  return {
    /** Clean-ups, their minutes, and MUCU attendances of the volunteer. */
    async progressOf(volunteerId: number): Promise<{ cleanups: number; mucus: number; minutes: number }> {
      const [cleanups, mucus] = await Promise.all([
        db
          .selectFrom('cleanups')
          .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(minutes_worked), 0)`.as('minutes')])
          .where('volunteer_id', '=', volunteerId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('mucu_attendances')
          .select(sql<string>`count(*)`.as('n'))
          .where('volunteer_id', '=', volunteerId)
          .executeTakeFirstOrThrow(),
      ]);
      return { cleanups: Number(cleanups.n), mucus: Number(mucus.n), minutes: Number(cleanups.minutes) };
    },

    async heldBy(volunteerId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('achievements')
        .select('badge_type')
        .where('volunteer_id', '=', volunteerId)
        .execute();
      return rows.map((row) => row.badge_type);
    },

    /** Once each: a badge already held stays as it was. */
    async award(volunteerId: number, badges: readonly string[], now: string): Promise<void> {
      if (badges.length === 0) return;
      await db
        .insertInto('achievements')
        .values(badges.map((badge_type) => ({ volunteer_id: volunteerId, badge_type, earned_at: now })))
        .onConflict((oc) => oc.columns(['volunteer_id', 'badge_type']).doNothing())
        .execute();
    },
  };
}
