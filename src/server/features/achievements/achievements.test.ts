import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { findOrRegisterVolunteer } from '#server/features/volunteers/index.ts';
import { awardAchievements, earnedBadges } from './achievements.service.ts';

describe('which badges are earned', () => {
  it.each([
    [{ cleanups: 0, mucus: 0, minutes: 0 }, []],
    [{ cleanups: 1, mucus: 0, minutes: 30 }, ['first_cleanup']],
    [{ cleanups: 5, mucus: 1, minutes: 599 }, ['first_cleanup', 'cleanups_5', 'first_mucu']],
    [
      { cleanups: 50, mucus: 5, minutes: 600 },
      ['first_cleanup', 'cleanups_5', 'cleanups_10', 'cleanups_25', 'cleanups_50', 'first_mucu', 'mucus_5', 'hours_10'],
    ],
  ])('%o earns %o', (progress, badges) => {
    expect(earnedBadges(progress)).toEqual(badges);
  });
});

describe.each(testDatabaseKinds)('awarding achievements on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('a first clean-up earns first_cleanup once, however often awards are checked', async () => {
    const db = database.db;
    const now = new Date('2026-11-21T12:00:00Z');
    const { volunteer } = await findOrRegisterVolunteer(db, { email: ' Ruaridh@Example.org ', name: 'Ruaridh' }, now);
    expect(volunteer.email).toBe('ruaridh@example.org');
    const report = await db
      .insertInto('reports')
      .values({
        what3words: 'a.b.c',
        photo_key: 'k',
        status: 'completed',
        reported_at: now.toISOString(),
        updated_at: now.toISOString(),
        words_scheme: 'grid',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cleanups')
      .values({
        report_id: report.id,
        volunteer_id: volunteer.id,
        completed_at: now.toISOString(),
        minutes_worked: 45,
        before_photo_key: 'b',
        after_photo_key: 'a',
      })
      .execute();
    expect(await awardAchievements(db, volunteer.id, now)).toEqual(['first_cleanup']);
    expect(await awardAchievements(db, volunteer.id, now)).toEqual([]);
    const held = await db
      .selectFrom('achievements')
      .select(['badge_type', 'earned_at'])
      .where('volunteer_id', '=', volunteer.id)
      .execute();
    expect(held).toHaveLength(1);
    expect(new Date(held[0]!.earned_at).toISOString()).toBe(now.toISOString());

    const again = await findOrRegisterVolunteer(db, { email: 'ruaridh@example.org' }, now);
    expect(again).toMatchObject({ created: false, volunteer: { id: volunteer.id, name: 'Ruaridh' } });
  });
});
