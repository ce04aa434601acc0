import { route } from '../http.ts';

/** Time and bags at MUCU events, and a clean-up's time corrected down. */
export const eventLogsRoutes = {
  /** The signed-in volunteer's events they attended, each with their entry. */
  mine: route('GET', '/api/volunteers/event-logs'),
  /** Logs (or changes, until approved) the volunteer's time and bags at this event. */
  save: route('PUT', '/api/volunteers/event-logs/:id'),
  /** The organiser's list of an event's entries. */
  list: route('GET', '/api/admin/mucus/:id/logs'),
  /** Approves one entry, as logged or corrected. */
  approve: route('PUT', '/api/admin/mucus/:id/logs/:logId'),
  /** The volunteer corrects their clean-up's measured time down, with a note. */
  correctCleanupTime: route('PUT', '/api/volunteers/cleanups/:id/time'),
} as const;
