// The administrator's analytics: volunteers with totals computed from their clean-ups, and daily
// progress by Europe/London calendar day (bucketed here, so both databases give the same days). A site
// cleaned is a completed report, whoever completed it; volunteers' clean-ups with photos are counted
// beside it.
import type { DailyProgressRow, VolunteerAnalytics, VolunteerSummary } from '#shared/contracts/analytics.ts';
import { DAILY_PROGRESS_DAYS } from '#shared/contracts/analytics.ts';
import { addDays, cityDay, daysNewestFirst, progressPercent } from '#shared/domain/calendar-days.ts';
import type { Clock } from '#server/clock.ts';
import { toCsv } from './csv.ts';
import type { StatsRepository } from './stats.repository.ts';
import { PRIORITY_WAIT_HOURS } from '#shared/domain/report-follow-up.ts';

const DAILY_PROGRESS_CSV_HEADER = [
  'Date',
  'Sites Reported',
  'Sites Cleaned',
  'Clean-ups With Photos',
  'Progress (%)',
] as const;

/** How many of the instants fall on each Europe/London day. */
function countByDay(instants: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const at of instants) counts.set(cityDay(at), (counts.get(cityDay(at)) ?? 0) + 1);
  return counts;
}

export function analyticsService({ repository, clock }: { repository: StatsRepository; clock: Clock }) {
  /** Counts per day from `first` to today, both included, newest first; empty without any activity. */
  async function progress(windowDays: number | null): Promise<DailyProgressRow[]> {
    const now = clock.now();
    const today = cityDay(now);
    const first = await repository.firstActivity();
    if (first === null) return [];
    const firstDay = cityDay(first);
    const windowStart = windowDays === null ? firstDay : addDays(today, -(windowDays - 1));
    const start = firstDay > windowStart ? firstDay : windowStart;
    // A day earlier in UTC than the London day begins, whatever the clocks did; exact days below.
    const since = windowDays === null ? null : `${addDays(start, -1)}T00:00:00.000Z`;
    const activity = await repository.activitySince(since);
    const reported = countByDay(activity.reportedAt);
    const completed = countByDay(activity.completedAt);
    const cleanups = countByDay(activity.cleanedAt);
    return daysNewestFirst(start, today).map((date) => ({
      date,
      reportsCount: reported.get(date) ?? 0,
      cleanupsCount: completed.get(date) ?? 0,
      volunteerCleanupsCount: cleanups.get(date) ?? 0,
    }));
  }

  return {
    async volunteerAnalytics(): Promise<VolunteerAnalytics> {
      const [rows, totals, priority, eventLogs] = await Promise.all([
        repository.volunteerTotals(),
        repository.totals(),
        repository.priorityReports(),
        repository.approvedEventLogTotals(),
      ]);
      const now = clock.now().getTime();
      const waited = priority.filter(
        (r) =>
          new Date(r.completedAt ?? now).getTime() - new Date(r.reportedAt).getTime() > PRIORITY_WAIT_HOURS * 3_600_000,
      );
      const volunteers: VolunteerSummary[] = rows
        .map((row) => {
          const candidates = [row.lastActiveAt, row.lastCleanupAt].filter((v): v is string => v !== null).sort();
          return {
            id: row.id,
            name: row.name,
            email: row.email,
            joinedAt: row.joinedAt,
            lastActiveAt: candidates.at(-1) ?? null,
            sitesCompleted: row.sites,
            totalHours: row.minutes,
            active: row.sites > 0,
          };
        })
        .sort(
          (a, b) =>
            b.sitesCompleted - a.sitesCompleted || b.totalHours - a.totalHours || a.email.localeCompare(b.email),
        );
      return {
        totalVolunteers: volunteers.length,
        volunteers,
        totalSitesCleaned: totals.reports.completed,
        volunteerCleanups: totals.cleanups,
        totalMinutes: totals.totalMinutes,
        approvedEventLogs: eventLogs,
        priorityReports: {
          total: priority.length,
          open: priority.filter((r) => r.completedAt === null).length,
          waitedOver24Hours: waited.length,
        },
      };
    },

    /** The last 30 days (today included), newest first, from the first report on. */
    dailyProgress: () => progress(DAILY_PROGRESS_DAYS),

    /** Every day since the first report, today included, oldest first, as CSV; and today's date. */
    async dailyProgressCsv(): Promise<{ csv: string; today: string }> {
      const rows = (await progress(null)).reverse();
      const csv = toCsv([
        DAILY_PROGRESS_CSV_HEADER,
        ...rows.map((row) => [
          row.date,
          row.reportsCount,
          row.cleanupsCount,
          row.volunteerCleanupsCount,
          progressPercent(row.reportsCount, row.cleanupsCount),
        ]),
      ]);
      return { csv, today: cityDay(clock.now()) };
    },
  };
}
