// Achievements: awarded by the server, once each, from what a volunteer has done. Call awardAchievements in
// the same transaction as the change that may earn one (a clean-up, an attendance).
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';

export const BADGES = [
  'first_cleanup',
  'cleanups_5',
  'cleanups_10',
  'cleanups_25',
  'cleanups_50',
  'first_mucu',
  'mucus_5',
  'hours_10',
] as const;
export type BadgeType = (typeof BADGES)[number];

interface Progress {
  cleanups: number;
  mucus: number;
  minutes: number;
}

const rules: Record<BadgeType, (p: Progress) => boolean> = {
  first_cleanup: (p) => p.cleanups >= 1,
  cleanups_5: (p) => p.cleanups >= 5,
  cleanups_10: (p) => p.cleanups >= 10,
  cleanups_25: (p) => p.cleanups >= 25,
  cleanups_50: (p) => p.cleanups >= 50,
  first_mucu: (p) => p.mucus >= 1,
  mucus_5: (p) => p.mucus >= 5,
  hours_10: (p) => p.minutes >= 600,
};

export function earnedBadges(progress: Progress): BadgeType[] {
  return BADGES.filter((badge) => rules[badge](progress));
}

/** Awards every badge the volunteer has earned and does not hold yet; answers the new ones. */
export async function awardAchievements(db: Db, volunteerId: number, now: Date): Promise<BadgeType[]> {
  const [cleanups, mucus, held] = await Promise.all([
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
    db.selectFrom('achievements').select('badge_type').where('volunteer_id', '=', volunteerId).execute(),
  ]);
  const have = new Set(held.map((row) => row.badge_type));
  const fresh = earnedBadges({
    cleanups: Number(cleanups.n),
    mucus: Number(mucus.n),
    minutes: Number(cleanups.minutes),
  }).filter((badge) => !have.has(badge));
  if (fresh.length > 0) {
    await db
      .insertInto('achievements')
      .values(fresh.map((badge_type) => ({ volunteer_id: volunteerId, badge_type, earned_at: now.toISOString() })))
      .onConflict((oc) => oc.columns(['volunteer_id', 'badge_type']).doNothing())
      .execute();
  }
  return fresh;
}
