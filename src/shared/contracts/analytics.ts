// Administrator analytics: volunteers with their computed totals, and daily progress by Europe/London
// calendar day.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';

export const volunteerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  joinedAt: z.iso.datetime(),
  /** The later of the volunteer's last activity and their last clean-up; null when never active. */
  lastActiveAt: z.iso.datetime().nullable(),
  /** Computed from clean-ups, never stored. */
  sitesCompleted: z.number().int(),
  /** Minutes, computed from clean-ups, under the required name totalHours. */
  totalHours: z.number().int(),
  /** At least one completed site. */
  active: z.boolean(),
});
export type VolunteerSummary = z.infer<typeof volunteerSummarySchema>;

export const volunteerAnalyticsSchema = z.object({
  totalVolunteers: z.number().int(),
  volunteers: z.array(volunteerSummarySchema),
  /** Every completed report, whether a volunteer's clean-up or an administrator's status change completed it. */
  totalSitesCleaned: z.number().int(),
  /** Clean-ups recorded with before and after photos, including those stored without a volunteer ('Skip'). */
  volunteerCleanups: z.number().int(),
  /** Minutes worked over every clean-up. */
  totalMinutes: z.number().int(),
  /** Time and bags at MUCU events, from the entries organisers approved only. */
  approvedEventLogs: z.object({
    entries: z.number().int(),
    minutes: z.number().int(),
    bags: z.number().int(),
    areaM2: z.number().int(),
  }),
  /** Offensive graffiti marked priority: how many, how many still open, and how many waited over 24 hours. */
  priorityReports: z.object({
    total: z.number().int(),
    open: z.number().int(),
    /** Completed more than 24 hours after being reported, or still open 24 hours on. */
    waitedOver24Hours: z.number().int(),
  }),
});
export type VolunteerAnalytics = z.infer<typeof volunteerAnalyticsSchema>;

export const dailyProgressRowSchema = z.object({
  /** A Europe/London calendar day, 'YYYY-MM-DD'. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  reportsCount: z.number().int(),
  /** Reports completed that day (and still completed), whoever completed them. */
  cleanupsCount: z.number().int(),
  /** Clean-ups recorded with photos that day. */
  volunteerCleanupsCount: z.number().int(),
});
export type DailyProgressRow = z.infer<typeof dailyProgressRowSchema>;
export const dailyProgressSchema = z.array(dailyProgressRowSchema);

/** The table shows this many days, today included. */
export const DAILY_PROGRESS_DAYS = 30;

// The service's performance, public: per Europe/London calendar month and for the last 30 days.
export const performancePeriodSchema = z.object({
  /** 'YYYY-MM' for a month; 'last-30-days' for the 30 days up to now. */
  period: z.string(),
  label: z.string(),
  /** Reports made in the period. */
  made: z.number().int(),
  /**
   * Reports cleaned (completed) in the period, whenever they were made, by the service's volunteers:
   * reports referred to the body responsible for the wall are counted apart, in `cleanedByOwners`, and
   * the median and shares below are of the volunteers' alone.
   */
  cleaned: z.number().int(),
  /** Reports referred to their owner (the council, a railway...) and cleaned in the period. */
  cleanedByOwners: z.number().int(),
  /** Of those cleaned: the median time from report to clean, in hours (one decimal); null when none. */
  medianHoursToClean: z.number().nullable(),
  /** Of those cleaned with a target: the percentage cleaned by their due time; null when none. */
  cleanedWithinTargetPercent: z.number().nullable(),
  /** Of the offensive reports cleaned: the percentage removed within 24 hours; null when none. */
  offensiveWithin24HoursPercent: z.number().nullable(),
});
export type PerformancePeriod = z.infer<typeof performancePeriodSchema>;

export const OPEN_AGE_BANDS = ['Under 1 day', '1 to 5 days', '5 to 30 days', 'Over 30 days'] as const;

export const performanceSchema = z.object({
  /** The months, oldest first, the current one last. */
  months: z.array(performancePeriodSchema),
  last30Days: performancePeriodSchema,
  /** The reports not cleaned yet, by how long ago they were reported (those with their owners apart). */
  openByAge: z.array(z.object({ band: z.enum(OPEN_AGE_BANDS), count: z.number().int() })),
  /** Reports not cleaned yet that are referred to their owner: on the owner's clock, not the volunteers'. */
  openWithOwners: z.number().int(),
  /** When the figures were worked out. */
  asOf: z.iso.datetime(),
});
export type Performance = z.infer<typeof performanceSchema>;

/** The page shows this many calendar months, the current one included. */
export const PERFORMANCE_MONTHS = 12;

const routes = apiRoutes.analytics;

export const analyticsEndpoints = {
  volunteers: endpoint(routes.volunteers, { response: volunteerAnalyticsSchema }),
  dailyProgress: endpoint(routes.dailyProgress, { response: dailyProgressSchema }),
  /** The same days as a CSV file to download. */
  dailyProgressExport: endpoint(routes.dailyProgressExport, { response: null }),
  /** The public performance figures (ETag: answered 304 while no report changes within the hour). */
  performance: endpoint(routes.performance, { response: performanceSchema }),
  /** The same figures as CSV. */
  performanceExport: endpoint(routes.performanceExport, { response: null }),
};
