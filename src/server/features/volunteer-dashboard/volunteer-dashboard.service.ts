// The personal dashboard's content: the volunteer with sitesCompleted and totalHours (minutes) computed from
// their clean-ups on every read, so the totals never drift.
import type { VolunteerDashboard } from '#shared/contracts/volunteer-dashboard.ts';
import type { Db } from '#server/db/client.ts';
import { toIso } from '#server/db/tables.ts';
import { statsRepository } from '#server/features/analytics/index.ts';
import { toCleanupRecord } from '#server/features/cleanups/index.ts';
import { hasReadableDate } from '#server/features/events/index.ts';
import { toVolunteerResponse } from '#server/features/volunteer-auth/index.ts';
import { volunteersRepository } from '#server/features/volunteers/index.ts';
import { volunteerDashboardRepository } from './volunteer-dashboard.repository.ts';

export async function volunteerDashboard(db: Db, volunteerId: number): Promise<VolunteerDashboard | null> {
  const repository = volunteerDashboardRepository(db);
  const volunteer = await volunteersRepository(db).findById(volunteerId);
  if (!volunteer) return null;
  const [cleanups, attendances, achievements, events] = await Promise.all([
    repository.cleanups(volunteerId),
    repository.attendances(volunteerId),
    repository.achievements(volunteerId),
    statsRepository(db).approvedEventLogTotals(volunteerId),
  ]);
  return {
    volunteer: {
      ...toVolunteerResponse(volunteer),
      sitesCompleted: cleanups.length,
      totalHours: cleanups.reduce((sum, row) => sum + row.minutes_worked, 0),
      approvedEventMinutes: events.minutes,
      approvedBags: events.bags,
      approvedAreaM2: events.areaM2,
    },
    cleanupRecords: cleanups.map((row) =>
      toCleanupRecord(row, {
        id: row.report_id,
        what3words: row.what3words,
        words_scheme: row.words_scheme,
        latitude: row.latitude,
        longitude: row.longitude,
      }),
    ),
    // An event stored with an unreadable date (before dates were checked) is left out, as every list of
    // events does, rather than failing the whole dashboard.
    mucuAttendances: attendances.filter(hasReadableDate).map((row) => ({
      id: row.id,
      notes: row.notes,
      mucu: {
        id: row.mucu_id,
        name: row.name,
        date: toIso(row.date),
        location: row.location,
        description: row.description,
        mapsLink: row.maps_link,
      },
    })),
    achievements: achievements.map((row) => ({
      id: row.id,
      badgeType: row.badge_type,
      earnedAt: toIso(row.earned_at),
    })),
  };
}
