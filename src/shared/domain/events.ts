// The rules of MUCU events that the server and the pages both need.

/** Events have a start time only; calendars and the 'upcoming' list take each to last this long. */
export const EVENT_LENGTH_MS = 2 * 60 * 60_000;

/** The largest number of places an administrator may set for one event. */
export const MAX_EVENT_CAPACITY = 10_000;

/** MUCU events one volunteer may create in any 24 hours (administrators have no limit). */
export const MAX_EVENTS_PER_VOLUNTEER_PER_DAY = 5;

/** Past events listed on /events, most recent first. */
export const PAST_EVENTS_LISTED = 12;
