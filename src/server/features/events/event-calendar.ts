// MUCU events as iCalendar (RFC 5545): one event's 'Add to calendar' file and the feed that calendar
// apps subscribe to (the window of events it lists is chosen in calendar-files.ts). Times are written in
// Europe/London with its VTIMEZONE, so a phone shows the city's time whatever zone it is in; events
// last two hours. Event text reaches a calendar only through calendarText and escapeText, so no
// stored text, however old, can start a line of its own there.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { TZDate } from '@date-fns/tz';
import { CITY_TIME_ZONE } from '#shared/domain/city-clock.ts';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { EVENT_LENGTH_MS } from '#shared/domain/events.ts';
import { eventPagePath } from '#shared/routes.ts';
import { controlsAsSpaces } from '#shared/contracts/text.ts';
import type { EventFacts } from './event-mail.ts';

/**
 * Event text as ical-generator is given it: every line break a line feed (which it writes as the two
 * characters '\n', with ';', ',' and '\' escaped) and every other control character a space. Text
 * stored before control characters were refused may still hold them.
 */
export const calendarText = controlsAsSpaces;

/**
 * Text escaped as RFC 5545 TEXT, for the properties ical-generator writes exactly as given (the
 * calendar's NAME and X-WR-CALNAME).
 */
export function escapeText(value: string): string {
  return calendarText(value)
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n');
}

export interface CalendarOptions {
  publicUrl: string;
  now: Date;
}

function calendarOf(name: string, { publicUrl }: CalendarOptions) {
  const calendar = ical({
    name: escapeText(name),
    prodId: { company: 'Clean Up Edinburgh', product: 'MUCU events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    url: `${publicUrl}/events`,
    // Subscribed calendars look for changes about this often.
    ttl: 6 * 60 * 60,
  });
  // No calendar-wide zone (so DTSTAMP stays in UTC as RFC 5545 asks); each event names Europe/London
  // and the generator writes that zone's VTIMEZONE once.
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  return calendar;
}

function addEvent(calendar: ReturnType<typeof ical>, event: EventFacts, { publicUrl, now }: CalendarOptions) {
  const start = new Date(event.date);
  const pageUrl = `${publicUrl}${eventPagePath(event.id)}`;
  calendar.createEvent({
    id: `mucu-${event.id}@${new URL(publicUrl).hostname}`,
    start: new TZDate(start.getTime(), CITY_TIME_ZONE),
    end: new TZDate(start.getTime() + EVENT_LENGTH_MS, CITY_TIME_ZONE),
    timezone: CITY_TIME_ZONE,
    stamp: now,
    summary: calendarText(event.name),
    location: calendarText(event.location),
    description: calendarText(
      [event.description, `Details and who is coming: ${pageUrl}`].filter(Boolean).join('\n\n'),
    ),
    url: pageUrl,
  });
}

export function eventCalendar(event: EventFacts, options: CalendarOptions): string {
  const calendar = calendarOf(event.name, options);
  addEvent(calendar, event, options);
  return calendar.toString();
}

export function eventsFeed(events: EventFacts[], options: CalendarOptions): string {
  const calendar = calendarOf('Clean Up Edinburgh MUCU events', options);
  for (const event of events) addEvent(calendar, event, options);
  return calendar.toString();
}

/** A file name from the event's name: 'leith-walk-mucu.ics'. */
export function calendarFileName(event: Pick<EventFacts, 'name' | 'id'>): string {
  const slug = event.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || `mucu-${event.id}`}.ics`;
}
