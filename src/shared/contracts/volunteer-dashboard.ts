// The personal dashboard: the volunteer with totals computed from their clean-ups, their clean-ups, MUCU
// attendances and achievements.
import { z } from 'zod';
import { cleanupRecordSchema } from './cleanups.ts';
import { eventSchema } from './events.ts';
import { volunteerSchema } from './volunteer-auth.ts';

import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';

export const dashboardVolunteerSchema = volunteerSchema.extend({
  sitesCompleted: z.number().int(),
  /** Minutes, under the required name totalHours. */
  totalHours: z.number().int(),
  /** Minutes, bags and square metres at MUCU events, from entries the organiser approved only. */
  approvedEventMinutes: z.number().int(),
  approvedBags: z.number().int(),
  approvedAreaM2: z.number().int(),
});

export const mucuAttendanceRecordSchema = z.object({
  id: z.number().int(),
  notes: z.string().nullable(),
  mucu: eventSchema.omit({ attendances: true }),
});

export const achievementSchema = z.object({
  id: z.number().int(),
  badgeType: z.string(),
  earnedAt: z.iso.datetime(),
});

export const volunteerDashboardSchema = z.object({
  volunteer: dashboardVolunteerSchema,
  cleanupRecords: z.array(cleanupRecordSchema),
  mucuAttendances: z.array(mucuAttendanceRecordSchema),
  achievements: z.array(achievementSchema),
});
export type VolunteerDashboard = z.infer<typeof volunteerDashboardSchema>;

export const volunteerDashboardEndpoints = {
  dashboard: endpoint(apiRoutes.volunteerDashboard.dashboard, { response: volunteerDashboardSchema }),
};
