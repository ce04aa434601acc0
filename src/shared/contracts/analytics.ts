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

const routes = apiRoutes.analytics;

export const analyticsEndpoints = {
  volunteers: endpoint(routes.volunteers, { response: volunteerAnalyticsSchema }),
  dailyProgress: endpoint(routes.dailyProgress, { response: dailyProgressSchema }),
  /** The same days as a CSV file to download. */
  dailyProgressExport: endpoint(routes.dailyProgressExport, { response: null }),
};
