// Meet Up Clean Up events: the administrators' events and attendance, and the public side (the /events
// list and each event's page, 'I'll be there' with its waiting list, a volunteer's upcoming events and
// event e-mail choice, the who-is-coming list and places). An "event" in code is a MUCU event; the
// administrators' API paths keep the required name `/api/mucus`.
import { z } from 'zod';
import { rowId, rowIdParam } from './ids.ts';
import { eventMessages } from '../domain/event-messages.ts';
import { MAX_EVENT_CAPACITY } from '../domain/events.ts';
import { rsvpMessages } from '../domain/event-rsvp-messages.ts';
import { isHttpUrl } from '../domain/urls.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { emailLinkQuerySchema } from './email-link.ts';
import { multilineText, plainText } from './text.ts';

const required = eventMessages.locationAndDateRequired;

/** An ISO 8601 date and time ('2026-12-05T10:00', with seconds, fraction or offset if wanted). */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** Events are held between these instants; anything else is a typing slip or mischief. */
export const EARLIEST_EVENT_DATE = Date.UTC(2000, 0, 1);
export const LATEST_EVENT_DATE = Date.UTC(2100, 0, 1);

/** A real date-time both databases store and every client shows (a four-digit year in range). */
export function isEventDate(value: string): boolean {
  const parts = ISO_DATE_TIME.exec(value);
  if (!parts) return false;
  // A day the month does not have (30 February) is refused, not rolled over into the next month.
  const [year, month, day] = parts.slice(1, 4).map(Number) as [number, number, number];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return false;
  const time = new Date(value).getTime();
  return time >= EARLIEST_EVENT_DATE && time < LATEST_EVENT_DATE;
}

/**
 * `POST /api/mucus` and `PUT /api/admin/mucus/:id`. The name is always built as location + ' MUCU';
 * a sent `name` (and the `id` the spec's edit call repeats) is ignored.
 */
export const eventInputSchema = z.object({
  location: plainText('The location', { error: required })
    .refine((value) => value.length > 0, { message: required })
    .refine((value) => value.length <= 200, { message: 'The location must be at most 200 characters.' }),
  date: z
    .string({ error: required })
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { message: required })
    .refine(isEventDate, { message: eventMessages.invalidDate })
    .transform((value) => new Date(value).toISOString()),
  description: multilineText('The description')
    .max(2000, { message: 'The description must be at most 2000 characters.' })
    .nullish()
    .transform((value) => value || null),
  mapsLink: plainText('The maps link')
    .max(2000, { message: eventMessages.invalidMapsLink })
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isHttpUrl(value), { message: eventMessages.invalidMapsLink }),
});
export type EventInput = z.input<typeof eventInputSchema>;

/** The body as callers send it: the event, plus the name and id the required calls repeat (both ignored). */
const eventBodySchema = eventInputSchema.safeExtend({ name: z.unknown().optional(), id: z.unknown().optional() });

export const eventIdParamsSchema = z.object({ id: rowIdParam() });

export const eventAttendanceSchema = z.object({
  id: z.number().int(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  volunteer: z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable() }),
});

/** What every view of an event shows of it. */
const eventFacts = {
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  date: z.iso.datetime(),
  description: z.string().nullable(),
  mapsLink: z.string().nullable(),
};

export const eventSchema = z.object({ ...eventFacts, attendances: z.array(eventAttendanceSchema) });
export type MucuEvent = z.infer<typeof eventSchema>;
export const eventListSchema = z.array(eventSchema);

/**
 * `POST /api/admin/mucu-attendance`, once the event has started. An address no volunteer has used is
 * refused (409 'UnknownVolunteer') unless `registerNewVolunteer` confirms it is a new volunteer.
 */
export const attendanceRequestSchema = z.object({
  mucuId: rowIdParam(eventMessages.attendanceRequired),
  volunteerEmail: plainText('The e-mail address', { error: eventMessages.attendanceRequired })
    .toLowerCase()
    .refine((value) => value.length > 0, { message: eventMessages.attendanceRequired })
    .refine((value) => value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      message: eventMessages.invalidEmail,
    }),
  notes: multilineText('Notes')
    .max(2000, { message: 'Notes must be at most 2000 characters.' })
    .nullish()
    .transform((value) => value || null),
  registerNewVolunteer: z.boolean().optional(),
});

/** The spec's attendance: notes, the volunteer (with e-mail) and the event it belongs to. */
export const attendanceSchema = eventAttendanceSchema.extend({ mucu: eventSchema.omit({ attendances: true }) });
export type Attendance = z.infer<typeof attendanceSchema>;

const routes = apiRoutes.events;

export const eventEndpoints = {
  create: endpoint(routes.create, { body: eventBodySchema, response: eventSchema, status: 201 }),
  list: endpoint(routes.list, { response: eventListSchema }),
  update: endpoint(routes.update, { params: eventIdParamsSchema, body: eventBodySchema, response: eventSchema }),
  delete: endpoint(routes.delete, { params: eventIdParamsSchema, response: null, status: 204 }),
  addAttendance: endpoint(routes.addAttendance, {
    body: attendanceRequestSchema,
    response: attendanceSchema,
    status: 201,
  }),
};

// The public side of events.

/** An event that has not ended yet, as anyone sees it; `myRsvp` is the signed-in volunteer's answer. */
export const upcomingEventSchema = z.object({
  ...eventFacts,
  /** Places; null for no limit. */
  capacity: z.number().int().nullable(),
  going: z.number().int(),
  waiting: z.number().int(),
  myRsvp: z.enum(['going', 'waiting']).nullable(),
  /** 1 for the first on the waiting list; null unless `myRsvp` is 'waiting'. */
  myWaitingPosition: z.number().int().nullable(),
});
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

/** An event that has ended: who attended, and how many sites volunteers cleaned that day (London time). */
export const pastEventSchema = z.object({
  ...eventFacts,
  attended: z.number().int(),
  sitesCleaned: z.number().int(),
});
export type PastEvent = z.infer<typeof pastEventSchema>;

/** `GET /api/events`: upcoming soonest first, past most recent first. */
export const eventsOverviewSchema = z.object({
  upcoming: z.array(upcomingEventSchema),
  past: z.array(pastEventSchema),
});
export type EventsOverview = z.infer<typeof eventsOverviewSchema>;

/** `GET /api/events/:id`: one event, upcoming or past. */
export const eventPageSchema = z.discriminatedUnion('when', [
  upcomingEventSchema.extend({ when: z.literal('upcoming') }),
  pastEventSchema.extend({ when: z.literal('past') }),
]);
export type EventPage = z.infer<typeof eventPageSchema>;

/** `GET /api/volunteers/events`: the upcoming events the signed-in volunteer is going to or waiting for. */
export const myEventsSchema = z.array(upcomingEventSchema);

/** `GET`/`PUT /api/volunteers/event-emails`: reminders and change notices on or off. */
export const eventEmailSettingsSchema = z.object({ emailsOn: z.boolean() });
export type EventEmailSettings = z.infer<typeof eventEmailSettingsSchema>;

export const rsvpPersonSchema = z.object({
  volunteerId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  /** When they said 'I'll be there'. */
  since: z.iso.datetime(),
  /** Their attendance at this event is already recorded. */
  attended: z.boolean(),
});
export type RsvpPerson = z.infer<typeof rsvpPersonSchema>;

/** `GET /api/admin/mucus/:id/rsvps`: who is coming, then the waiting list in its order. */
export const whoIsComingSchema = z.object({
  eventId: z.number().int(),
  capacity: z.number().int().nullable(),
  going: z.array(rsvpPersonSchema),
  waiting: z.array(rsvpPersonSchema),
});
export type WhoIsComing = z.infer<typeof whoIsComingSchema>;

/** `PUT /api/admin/mucus/:id/capacity`: a number of places, or null (or an empty value) for no limit. */
export const capacityInputSchema = z.object({
  capacity: z
    .union([z.number(), z.string(), z.null()], { error: rsvpMessages.capacityInvalid })
    .transform((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value >= 1 && value <= MAX_EVENT_CAPACITY), {
      message: rsvpMessages.capacityInvalid,
    }),
});

/** `POST /api/admin/mucus/:id/attendance`: record these volunteers from the list as attending, in one step. */
export const recordAttendanceInputSchema = z.object({
  volunteerIds: z
    .array(rowId(), { error: rsvpMessages.attendanceNoneChosen })
    .min(1, { message: rsvpMessages.attendanceNoneChosen })
    .max(MAX_EVENT_CAPACITY, { message: rsvpMessages.attendanceNoneChosen })
    .transform((ids) => [...new Set(ids)]),
});

export const recordAttendanceResultSchema = z.object({
  /** Attendances recorded now. */
  recorded: z.number().int(),
  /** Already recorded before (left as they were). */
  alreadyRecorded: z.number().int(),
});
export type RecordAttendanceResult = z.infer<typeof recordAttendanceResultSchema>;

const publicRoutes = apiRoutes.publicEvents;
const byId = { params: eventIdParamsSchema };

export const publicEventEndpoints = {
  list: endpoint(publicRoutes.list, { response: eventsOverviewSchema }),
  page: endpoint(publicRoutes.page, { ...byId, response: eventPageSchema }),
  rsvp: endpoint(publicRoutes.rsvp, { ...byId, response: upcomingEventSchema }),
  withdraw: endpoint(publicRoutes.withdraw, { ...byId, response: upcomingEventSchema }),
  calendar: endpoint(publicRoutes.calendar, { ...byId, response: null }),
  feed: endpoint(publicRoutes.feed, { response: null }),
  unsubscribePage: endpoint(publicRoutes.unsubscribePage, { query: emailLinkQuerySchema, response: null }),
  unsubscribe: endpoint(publicRoutes.unsubscribe, { query: emailLinkQuerySchema, response: null }),
  mine: endpoint(publicRoutes.mine, { response: myEventsSchema }),
  emailSettings: endpoint(publicRoutes.emailSettings, { response: eventEmailSettingsSchema }),
  saveEmailSettings: endpoint(publicRoutes.saveEmailSettings, {
    body: eventEmailSettingsSchema,
    response: eventEmailSettingsSchema,
  }),
  whoIsComing: endpoint(publicRoutes.whoIsComing, { ...byId, response: whoIsComingSchema }),
  setCapacity: endpoint(publicRoutes.setCapacity, { ...byId, body: capacityInputSchema, response: whoIsComingSchema }),
  recordAttendance: endpoint(publicRoutes.recordAttendance, {
    ...byId,
    body: recordAttendanceInputSchema,
    response: recordAttendanceResultSchema,
  }),
};
