// Achievements: awarded by the server, once each, from what a volunteer has done. Call awardAchievements in
// the same transaction as the change that may earn one (a clean-up, an attendance).
import type { Db } from '#server/db/client.ts';
import { achievementsRepository } from './achievements.repository.ts';

const BADGES = [
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
  const repository = achievementsRepository(db);
  const [progress, held] = await Promise.all([repository.progressOf(volunteerId), repository.heldBy(volunteerId)]);
  const have = new Set(held);
  const fresh = earnedBadges(progress).filter((badge) => !have.has(badge));
  await repository.award(volunteerId, fresh, now.toISOString());
  return fresh;
}
