// What the personal dashboard reads: one volunteer's clean-ups (with their reports), MUCU attendances
// (with their events) and achievements.
import type { Db } from '#server/db/client.ts';

export function volunteerDashboardRepository(db: Db) {
  return {
    /** Newest first. */
    cleanups(volunteerId: number) {
      return db
        .selectFrom('cleanups')
        .innerJoin('reports', 'reports.id', 'cleanups.report_id')
        .selectAll('cleanups')
        .select(['reports.what3words', 'reports.words_scheme', 'reports.latitude', 'reports.longitude'])
        .where('cleanups.volunteer_id', '=', volunteerId)
        .orderBy('cleanups.completed_at', 'desc')
        .orderBy('cleanups.id', 'desc')
        .execute();
    },

    /** Newest event first. */
    attendances(volunteerId: number) {
      return db
        .selectFrom('mucu_attendances')
        .innerJoin('mucu_events', 'mucu_events.id', 'mucu_attendances.mucu_id')
        .select([
          'mucu_attendances.id',
          'mucu_attendances.notes',
          'mucu_events.id as mucu_id',
          'mucu_events.name',
          'mucu_events.date',
          'mucu_events.location',
          'mucu_events.description',
          'mucu_events.maps_link',
        ])
        .where('mucu_attendances.volunteer_id', '=', volunteerId)
        .orderBy('mucu_events.date', 'desc')
        .orderBy('mucu_attendances.id', 'desc')
        .execute();
    },

    achievements(volunteerId: number) {
      return db
        .selectFrom('achievements')
        .selectAll()
        .where('volunteer_id', '=', volunteerId)
        .orderBy('earned_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },
  };
}
