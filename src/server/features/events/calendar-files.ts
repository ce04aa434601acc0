// The calendars as they are sent. Building one is all CPU on the main thread, so the feed is built
// once per version of the events and London day (its window moves daily), and each event's file once
// per version, however many ask at once; each is kept beside its Brotli and gzip forms, made the first
// time they are asked for. The version is moved by the database's triggers on every change, whichever
// process made it, and read once per request (one primary-key read): an unchanged calendar is
// answered 304 without building or reading anything else.
import { NotFoundError } from '#server/errors.ts';
import { keptText, type KeptText } from '#server/http/conditional-get.ts';
import { eventMessages } from '#shared/domain/event-messages.ts';
import { cityDay } from '#shared/domain/calendar-days.ts';
import { cityDayStart } from '#shared/domain/city-clock.ts';
import { calendarFileName, eventCalendar, eventsFeed } from './event-calendar.ts';
import { eventFactsOf, type EventsDeps } from './event-jobs.ts';
import { eventRsvpsRepository } from './event-rsvps.repository.ts';

/** The feed lists the events of the last this many London days, besides today's and later ones. */
export const FEED_PAST_DAYS = 30;
/** At most this many events from today on (the soonest), and this many of the past days (the most recent). */
export const FEED_MOST_UPCOMING = 100;
export const FEED_MOST_PAST = 50;
/** Events' files kept built; a file asked for again after being dropped is built again. */
const FILES_KEPT = 200;

/** What a request asks about: the ETag it would get now, and the moment the calendar would be built at. */
export interface CalendarTag {
  etag: string;
  key: string;
  now: Date;
}

export interface CalendarFile extends KeptText {
  /** The file name to save it as ('leith-walk-mucu.ics'). */
  fileName: string;
}

/** Keeps one build per key: those asking meanwhile share it, and a failed build is forgotten. */
function kept<T>(entry: { key: string; made: Promise<T> }, forget: () => void): Promise<T> {
  entry.made.catch(forget);
  return entry.made;
}

export function calendarFiles({ db, dialect, clock, publicUrl }: EventsDeps) {
  const repository = eventRsvpsRepository(db, dialect);
  let feed: { key: string; made: Promise<KeptText> } | undefined;
  const files = new Map<number, { key: string; made: Promise<CalendarFile> }>();

  async function buildFeed(now: Date): Promise<KeptText> {
    const today = cityDayStart(now);
    const [past, upcoming] = await Promise.all([
      repository.startingBetween(cityDayStart(now, -FEED_PAST_DAYS).toISOString(), today.toISOString(), FEED_MOST_PAST),
      repository.startingFrom(today.toISOString(), FEED_MOST_UPCOMING),
    ]);
    const events = [...past.reverse(), ...upcoming].map(eventFactsOf);
    return keptText(eventsFeed(events, { publicUrl, now }));
  }

  async function buildFile(eventId: number, now: Date): Promise<CalendarFile> {
    const row = await repository.findEvent(eventId);
    if (!row) throw new NotFoundError(eventMessages.eventNotFound);
    const facts = eventFactsOf(row);
    return { ...keptText(eventCalendar(facts, { publicUrl, now })), fileName: calendarFileName(facts) };
  }

  return {
    /** The feed's ETag now: the events' version and the London day. */
    async feedTag(): Promise<CalendarTag> {
      const now = clock.now();
      const key = `${await repository.version()}-${cityDay(now)}`;
      return { etag: `W/"feed-${key}"`, key, now };
    },

    /** The feed for that tag, built by the first request to ask for it. */
    feed(tag: CalendarTag): Promise<KeptText> {
      if (feed?.key !== tag.key) {
        const entry = { key: tag.key, made: buildFeed(tag.now) };
        feed = entry;
        return kept(entry, () => {
          if (feed === entry) feed = undefined;
        });
      }
      return feed.made;
    },

    /** One event's file's ETag now: its id and the events' version. */
    async fileTag(eventId: number): Promise<CalendarTag> {
      const key = await repository.version();
      return { etag: `W/"event-${eventId}-${key}"`, key, now: clock.now() };
    },

    /** One event's file for that tag (404 when there is no such event), built by the first request to ask for it. */
    file(eventId: number, tag: CalendarTag): Promise<CalendarFile> {
      const known = files.get(eventId);
      files.delete(eventId);
      if (known?.key === tag.key) {
        files.set(eventId, known);
        return known.made;
      }
      const entry = { key: tag.key, made: buildFile(eventId, tag.now) };
      files.set(eventId, entry);
      if (files.size > FILES_KEPT) files.delete(files.keys().next().value!);
      return kept(entry, () => {
        if (files.get(eventId) === entry) files.delete(eventId);
      });
    },
  };
}
