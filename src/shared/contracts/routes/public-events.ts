import { route } from '../http.ts';

/** Public MUCU events: the pages' data, 'I'll be there', calendars, and who is coming. */
export const publicEventsRoutes = {
  list: route('GET', '/api/events'),
  page: route('GET', '/api/events/:id'),
  rsvp: route('PUT', '/api/events/:id/rsvp'),
  withdraw: route('DELETE', '/api/events/:id/rsvp'),
  /** One event as an iCalendar file. */
  calendar: route('GET', '/api/events/:id/calendar.ics'),
  /** Every upcoming event: a calendar app subscribes to this. */
  feed: route('GET', '/api/events/feed.ics'),
  /** The one-click unsubscribe link in every event e-mail (`?token=`); works signed out. */
  unsubscribePage: route('GET', '/api/events/unsubscribe'),
  unsubscribe: route('POST', '/api/events/unsubscribe'),
  mine: route('GET', '/api/volunteers/events'),
  emailSettings: route('GET', '/api/volunteers/event-emails'),
  saveEmailSettings: route('PUT', '/api/volunteers/event-emails'),
  whoIsComing: route('GET', '/api/admin/mucus/:id/rsvps'),
  setCapacity: route('PUT', '/api/admin/mucus/:id/capacity'),
  recordAttendance: route('POST', '/api/admin/mucus/:id/attendance'),
} as const;
