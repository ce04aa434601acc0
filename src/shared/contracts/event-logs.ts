// Time and bags at MUCU events: a volunteer's entries, the organiser's approval, and a clean-up's time
// corrected down.
import { z } from 'zod';
import {
  MAX_LOGGED_AREA_M2,
  MAX_LOGGED_BAGS,
  MAX_LOGGED_MINUTES,
  eventLogMessages as m,
} from '../domain/event-logs.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { eventIdParamsSchema } from './events.ts';
import { rowIdParam } from './ids.ts';
import { multilineText } from './text.ts';

/** A whole number from a field (text or number); empty means none. */
const optionalCount = (most: number, message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
        ? null
        : Number(value),
    )
    .refine((value) => value === null || (Number.isInteger(value) && value >= 0 && value <= most), { message });

/** Whole minutes from a field (text or number), from `least` up to the most one entry may log. */
const minutesFrom = (least: number) =>
  z
    .union([z.number(), z.string()], { error: m.minutesRequired })
    .transform((value) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value)))
    .refine((value) => Number.isInteger(value) && value >= least && value <= MAX_LOGGED_MINUTES, {
      message: m.minutesRequired,
    });

export const eventLogInputSchema = z.object({
  minutes: minutesFrom(1),
  bags: optionalCount(MAX_LOGGED_BAGS, m.bagsInvalid),
  areaM2: optionalCount(MAX_LOGGED_AREA_M2, m.areaInvalid),
});
export type EventLogInput = z.input<typeof eventLogInputSchema>;

const figures = { minutes: z.number().int(), bags: z.number().int().nullable(), areaM2: z.number().int().nullable() };

export const eventLogSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved']),
  /** What counts: as logged until the organiser corrects it. */
  ...figures,
  /** What the volunteer logged. */
  logged: z.object(figures),
  approvedAt: z.iso.datetime().nullable(),
});
export type EventLog = z.infer<typeof eventLogSchema>;

/** One event the volunteer attended, with their entry (null before they log one). */
export const myEventLogSchema = z.object({
  event: z.object({ id: z.number().int(), name: z.string(), date: z.iso.datetime() }),
  /** The event has started: time and bags may be logged. */
  canLog: z.boolean(),
  entry: eventLogSchema.nullable(),
});
export type MyEventLog = z.infer<typeof myEventLogSchema>;
export const myEventLogsSchema = z.array(myEventLogSchema);

export const adminEventLogSchema = eventLogSchema.extend({
  volunteer: z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable() }).nullable(),
});
export type AdminEventLog = z.infer<typeof adminEventLogSchema>;
export const adminEventLogsSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  entries: z.array(adminEventLogSchema),
});
export type AdminEventLogs = z.infer<typeof adminEventLogsSchema>;

export const eventLogParamsSchema = z.object({ id: rowIdParam(), logId: rowIdParam() });

/** `PUT /api/volunteers/cleanups/:id/time`: the minutes (at most the measured ones) and why. */
export const cleanupTimeInputSchema = z.object({
  minutes: minutesFrom(0),
  note: multilineText('The note', { error: m.noteRequired })
    .max(500, { message: 'The note must be at most 500 characters.' })
    .refine((value) => value.length > 0, { message: m.noteRequired }),
});

export const cleanupTimeSchema = z.object({
  id: z.number().int(),
  minutes: z.number().int(),
  measuredMinutes: z.number().int(),
  note: z.string().nullable(),
});

const routes = apiRoutes.eventLogs;

export const eventLogEndpoints = {
  mine: endpoint(routes.mine, { response: myEventLogsSchema }),
  save: endpoint(routes.save, { params: eventIdParamsSchema, body: eventLogInputSchema, response: myEventLogSchema }),
  list: endpoint(routes.list, { params: eventIdParamsSchema, response: adminEventLogsSchema }),
  approve: endpoint(routes.approve, {
    params: eventLogParamsSchema,
    body: eventLogInputSchema,
    response: adminEventLogSchema,
  }),
  correctCleanupTime: endpoint(routes.correctCleanupTime, {
    params: eventIdParamsSchema,
    body: cleanupTimeInputSchema,
    response: cleanupTimeSchema,
  }),
};
