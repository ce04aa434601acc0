// Public MUCU events: the /events list and each event's page, 'I'll be there' with its waiting list,
// a volunteer's upcoming events and event e-mail choice, and the administrators' who-is-coming list,
// places and one-step attendance. Kept apart from the administrators' event schemas in events.ts.
import { z } from 'zod';
import { rowId } from './ids.ts';
import { MAX_EVENT_CAPACITY } from '../domain/events.ts';
import { rsvpMessages } from '../domain/event-rsvp-messages.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { eventIdParamsSchema } from './events.ts';

export const rsvpStatusSchema = z.enum(['going', 'waiting']);
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

const eventFacts = {
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  date: z.iso.datetime(),
  description: z.string().nullable(),
  mapsLink: z.string().nullable(),
};

/** An event that has not ended yet, as anyone sees it; `myRsvp` is the signed-in volunteer's answer. */
export const upcomingEventSchema = z.object({
  ...eventFacts,
  /** Places; null for no limit. */
  capacity: z.number().int().nullable(),
  going: z.number().int(),
  waiting: z.number().int(),
  myRsvp: rsvpStatusSchema.nullable(),
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
export type CapacityInput = z.input<typeof capacityInputSchema>;

/** `POST /api/admin/mucus/:id/attendance`: record these volunteers from the list as attending, in one step. */
export const recordAttendanceInputSchema = z.object({
  volunteerIds: z
    .array(rowId(), { error: rsvpMessages.attendanceNoneChosen })
    .min(1, { message: rsvpMessages.attendanceNoneChosen })
    .max(MAX_EVENT_CAPACITY, { message: rsvpMessages.attendanceNoneChosen })
    .transform((ids) => [...new Set(ids)]),
});
export type RecordAttendanceInput = z.input<typeof recordAttendanceInputSchema>;

export const recordAttendanceResultSchema = z.object({
  /** Attendances recorded now. */
  recorded: z.number().int(),
  /** Already recorded before (left as they were). */
  alreadyRecorded: z.number().int(),
});
export type RecordAttendanceResult = z.infer<typeof recordAttendanceResultSchema>;

export const eventUnsubscribeQuerySchema = z.object({ token: z.string().max(200).default('') });

const routes = apiRoutes.publicEvents;
const byId = { params: eventIdParamsSchema };

export const publicEventEndpoints = {
  list: endpoint(routes.list, { response: eventsOverviewSchema }),
  page: endpoint(routes.page, { ...byId, response: eventPageSchema }),
  rsvp: endpoint(routes.rsvp, { ...byId, response: upcomingEventSchema }),
  withdraw: endpoint(routes.withdraw, { ...byId, response: upcomingEventSchema }),
  calendar: endpoint(routes.calendar, { ...byId, response: null }),
  feed: endpoint(routes.feed, { response: null }),
  unsubscribePage: endpoint(routes.unsubscribePage, { query: eventUnsubscribeQuerySchema, response: null }),
  unsubscribe: endpoint(routes.unsubscribe, { query: eventUnsubscribeQuerySchema, response: null }),
  mine: endpoint(routes.mine, { response: myEventsSchema }),
  emailSettings: endpoint(routes.emailSettings, { response: eventEmailSettingsSchema }),
  saveEmailSettings: endpoint(routes.saveEmailSettings, {
    body: eventEmailSettingsSchema,
    response: eventEmailSettingsSchema,
  }),
  whoIsComing: endpoint(routes.whoIsComing, { ...byId, response: whoIsComingSchema }),
  setCapacity: endpoint(routes.setCapacity, { ...byId, body: capacityInputSchema, response: whoIsComingSchema }),
  recordAttendance: endpoint(routes.recordAttendance, {
    ...byId,
    body: recordAttendanceInputSchema,
    response: recordAttendanceResultSchema,
  }),
};
