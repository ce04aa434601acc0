// MUCU events as iCalendar (RFC 5545): one event's 'Add to calendar' file and the feed of every
// upcoming event that calendar apps subscribe to. Times are written in Europe/London with its
// VTIMEZONE, so a phone shows the city's time whatever zone it is in; events last two hours.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { TZDate } from '@date-fns/tz';
import { CITY_TIME_ZONE } from '#shared/domain/calendar-days.ts';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { EVENT_LENGTH_MS } from '#shared/domain/event-rsvp-messages.ts';
import { eventPagePath } from '#shared/routes.ts';
import type { EventFacts } from './event-mail.ts';

const ZONE = CITY_TIME_ZONE;

export interface CalendarOptions {
  publicUrl: string;
  now: Date;
}

function calendarOf(name: string, { publicUrl }: CalendarOptions) {
  const calendar = ical({
    name,
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
    start: new TZDate(start.getTime(), ZONE),
    end: new TZDate(start.getTime() + EVENT_LENGTH_MS, ZONE),
    timezone: ZONE,
    stamp: now,
    summary: event.name,
    location: event.location,
    description: [event.description, `Details and who is coming: ${pageUrl}`].filter(Boolean).join('\n\n'),
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
