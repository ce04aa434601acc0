// The rules of public MUCU events: an event is upcoming until two hours after its start; a signed-in
// volunteer says 'I'll be there' (going while places last, then on the waiting list) and may take it
// back, which moves the first on the waiting list up; administrators see who is coming, set the number
// of places and record attendance from the list in one step. Answers about one event's places are
// decided one at a time (the event's row is locked), so concurrent answers never overfill it.
import type { Db } from '#server/db/client.ts';
import { toIso } from '#server/db/tables.ts';
import { ConflictError, NotFoundError, ValidationError } from '#server/errors.ts';
import type {
  EventEmailSettings,
  EventPage,
  EventsOverview,
  PastEvent,
  RecordAttendanceResult,
  RsvpPerson,
  UpcomingEvent,
  WhoIsComing,
} from '#shared/contracts/events.ts';
import { eventMessages } from '#shared/domain/event-messages.ts';
import { EVENT_LENGTH_MS, PAST_EVENTS_LISTED } from '#shared/domain/events.ts';
import { rsvpMessages } from '#shared/domain/event-rsvp-messages.ts';
import { cityDayStart } from '#shared/domain/city-clock.ts';
import { awardAchievements } from '#server/features/achievements/index.ts';
import { calendarFiles } from './calendar-files.ts';
import { eventFactsOf, newUnsubscribeToken, queueEventEmails, type EventsDeps } from './event-jobs.ts';
import { eventRsvpsRepository, type RsvpPersonRow } from './event-rsvps.repository.ts';
import { eventsRepository, type EventRow } from './events.repository.ts';

const startOf = (row: EventRow) => new Date(toIso(row.date)).getTime();
const hasEnded = (row: EventRow, now: Date) => startOf(row) + EVENT_LENGTH_MS <= now.getTime();

function toPerson(row: RsvpPersonRow): RsvpPerson {
  return {
    volunteerId: row.volunteer_id,
    email: row.email,
    name: row.name,
    since: toIso(row.created_at),
    attended: row.attended !== null,
  };
}

export function eventRsvpsService({ db, dialect, clock, publicUrl }: EventsDeps) {
  const repository = eventRsvpsRepository(db, dialect);
  const notFound = () => new NotFoundError(eventMessages.eventNotFound);

  async function upcomingOf(rows: EventRow[], volunteerId: number | null, on: Db = db): Promise<UpcomingEvent[]> {
    const r = eventRsvpsRepository(on, dialect);
    const ids = rows.map((row) => row.id);
    const counts = await r.counts(ids);
    const mine = new Map(
      (volunteerId === null ? [] : await r.ofVolunteer(volunteerId, ids)).map((a) => [a.mucu_id, a]),
    );
    const out: UpcomingEvent[] = [];
    for (const row of rows) {
      const answer = mine.get(row.id);
      let position: number | null = null;
      if (answer?.status === 'waiting') {
        position = (await r.waitingList(row.id)).findIndex((waiting) => waiting.id === answer.id) + 1 || null;
      }
      out.push({
        ...eventFactsOf(row),
        capacity: row.capacity ?? null,
        going: counts.get(row.id)?.going ?? 0,
        waiting: counts.get(row.id)?.waiting ?? 0,
        myRsvp: answer?.status ?? null,
        myWaitingPosition: position,
      });
    }
    return out;
  }

  async function pastOf(rows: EventRow[]): Promise<PastEvent[]> {
    const attended = await repository.attendedCounts(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => {
        const dayStart = (days: number) => cityDayStart(new Date(startOf(row)), days).toISOString();
        return {
          ...eventFactsOf(row),
          attended: attended.get(row.id) ?? 0,
          sitesCleaned: await repository.cleanupsBetween(dayStart(0), dayStart(1)),
        };
      }),
    );
  }

  /** Events starting after this are still upcoming. */
  const upcomingCutoff = (now: Date) => new Date(now.getTime() - EVENT_LENGTH_MS).toISOString();

  /**
   * Gives free places to the waiting list, first in line first, and e-mails each who moved up (in the
   * caller's transaction, with the event's row locked).
   */
  async function fillPlaces(trx: Db, event: EventRow, now: Date): Promise<void> {
    const r = eventRsvpsRepository(trx, dialect);
    const free = event.capacity === null ? null : event.capacity - (await r.countGoing(event.id));
    if (free !== null && free <= 0) return;
    const moving = await r.waitingList(event.id, free ?? undefined);
    if (moving.length === 0) return;
    await r.promote(moving.map((row) => row.id));
    if (hasEnded(event, now)) return;
    const movingIds = new Set(moving.map((row) => row.volunteer_id));
    await queueEventEmails(trx, dialect, {
      kind: 'promoted',
      event: eventFactsOf(event),
      recipients: (await r.recipients(event.id)).filter((person) => movingIds.has(person.volunteer_id)),
      publicUrl,
      now,
    });
  }

  /** Runs `change` in a transaction with the event's row locked (404 when there is no such event). */
  function onLockedEvent<T>(
    eventId: number,
    change: (trx: Db, r: ReturnType<typeof eventRsvpsRepository>, event: EventRow, now: Date) => Promise<T>,
  ): Promise<T> {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const r = eventRsvpsRepository(trx, dialect);
      const event = await r.lockEvent(eventId);
      if (!event) throw notFound();
      return change(trx, r, event, now);
    });
  }

  return {
    async overview(volunteerId: number | null): Promise<EventsOverview> {
      const now = clock.now();
      const [upcomingRows, pastRows] = await Promise.all([
        repository.upcoming(upcomingCutoff(now)),
        repository.past(upcomingCutoff(now), PAST_EVENTS_LISTED),
      ]);
      const [upcoming, past] = await Promise.all([upcomingOf(upcomingRows, volunteerId), pastOf(pastRows)]);
      return { upcoming, past };
    },

    /** Whether the event has a page (the page's path answers 404 when it has not). */
    async exists(eventId: number): Promise<boolean> {
      return (await repository.findEvent(eventId)) !== undefined;
    },

    async page(eventId: number, volunteerId: number | null): Promise<EventPage> {
      const row = await repository.findEvent(eventId);
      if (!row) throw notFound();
      if (hasEnded(row, clock.now())) return { when: 'past', ...(await pastOf([row]))[0]! };
      return { when: 'upcoming', ...(await upcomingOf([row], volunteerId))[0]! };
    },

    /** 'I'll be there': going while places last, else on the waiting list. Saying it twice changes nothing. */
    async rsvp(eventId: number, volunteerId: number): Promise<UpcomingEvent> {
      return onLockedEvent(eventId, async (trx, r, event, now) => {
        if (hasEnded(event, now)) throw new ConflictError(rsvpMessages.eventOver, { title: rsvpMessages.rsvpFailed });
        const [existing] = await r.ofVolunteer(volunteerId, [eventId]);
        if (!existing) {
          const full = event.capacity !== null && (await r.countGoing(eventId)) >= event.capacity;
          await r.insert(eventId, volunteerId, full ? 'waiting' : 'going', now.toISOString());
          await r.ensureMailSettings(volunteerId, newUnsubscribeToken(), now.toISOString());
        }
        return (await upcomingOf([event], volunteerId, trx))[0]!;
      });
    },

    /** Takes 'I'll be there' back; a place given up goes to the first on the waiting list. */
    async withdraw(eventId: number, volunteerId: number): Promise<UpcomingEvent> {
      return onLockedEvent(eventId, async (trx, r, event, now) => {
        if (hasEnded(event, now)) throw new ConflictError(rsvpMessages.eventOver, { title: rsvpMessages.rsvpFailed });
        const removed = await r.remove(eventId, volunteerId);
        if (removed?.status === 'going') await fillPlaces(trx, event, now);
        return (await upcomingOf([event], volunteerId, trx))[0]!;
      });
    },

    /**
     * Takes back every answer of a volunteer whose account is being erased: each place they held at an
     * event still to come goes to the first on its waiting list, as if they had said they cannot come.
     */
    async leaveAll(volunteerId: number): Promise<void> {
      const now = clock.now();
      for (const answer of await eventRsvpsRepository(db, dialect).ofVolunteer(volunteerId)) {
        await db.transaction().execute(async (trx) => {
          const r = eventRsvpsRepository(trx, dialect);
          const event = await r.lockEvent(answer.mucu_id);
          if (!event || hasEnded(event, now)) return;
          const removed = await r.remove(answer.mucu_id, volunteerId);
          if (removed?.status === 'going') await fillPlaces(trx, event, now);
        });
      }
    },

    /** The upcoming events this volunteer is going to or waiting for, soonest first. */
    async mine(volunteerId: number): Promise<UpcomingEvent[]> {
      const rows = await repository.upcoming(upcomingCutoff(clock.now()));
      const ids = rows.map((row) => row.id);
      const answers = await repository.ofVolunteer(volunteerId, ids);
      const answered = new Set(answers.map((answer) => answer.mucu_id));
      const theirs = rows.filter((row) => answered.has(row.id));
      return upcomingOf(theirs, volunteerId);
    },

    async emailSettings(volunteerId: number): Promise<EventEmailSettings> {
      const settings = await repository.findMailSettings(volunteerId);
      return { emailsOn: settings ? settings.emails_on === 1 : true };
    },

    async setEmailSettings(volunteerId: number, input: EventEmailSettings): Promise<EventEmailSettings> {
      const now = clock.now().toISOString();
      await repository.ensureMailSettings(volunteerId, newUnsubscribeToken(), now);
      await repository.setEmailsOn(volunteerId, input.emailsOn, now);
      return this.emailSettings(volunteerId);
    },

    /** Whether the token is known and event e-mails are still on; null for an unknown token. */
    async findUnsubscribe(token: string): Promise<{ emailsOn: boolean } | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const settings = await repository.findMailSettingsByToken(token);
      return settings ? { emailsOn: settings.emails_on === 1 } : null;
    },

    /** One click, signed out: no more e-mails about MUCU events. */
    async unsubscribe(token: string): Promise<boolean> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
      const settings = await repository.findMailSettingsByToken(token);
      if (!settings) return false;
      await repository.setEmailsOn(settings.volunteer_id, false, clock.now().toISOString());
      return true;
    },

    async whoIsComing(eventId: number, on: Db = db): Promise<WhoIsComing> {
      const r = eventRsvpsRepository(on, dialect);
      const event = await r.findEvent(eventId);
      if (!event) throw notFound();
      const people = await r.people(eventId);
      return {
        eventId,
        capacity: event.capacity ?? null,
        going: people.filter((p) => p.status === 'going').map(toPerson),
        waiting: people.filter((p) => p.status === 'waiting').map(toPerson),
      };
    },

    /**
     * Sets the places (null: no limit). Those already going keep their places; new room goes to the
     * waiting list. `alsoInTransaction` writes with the change (its audit entry), or neither is kept.
     */
    async setCapacity(
      eventId: number,
      capacity: number | null,
      alsoInTransaction?: (trx: Db) => Promise<void>,
    ): Promise<WhoIsComing> {
      return onLockedEvent(eventId, async (trx, r, event, now) => {
        await eventsRepository(trx).setCapacity(eventId, capacity);
        await fillPlaces(trx, { ...event, capacity }, now);
        await alsoInTransaction?.(trx);
        return this.whoIsComing(eventId, trx);
      });
    },

    /**
     * Records these volunteers from the who-is-coming list as attending, each exactly as an attendance
     * added by e-mail (with its achievements), all in one transaction. Ones already recorded are left.
     */
    async recordAttendance(
      eventId: number,
      volunteerIds: number[],
      /** Writes with the attendances (an audit entry for each volunteer recorded now), or none is kept. */
      alsoInTransaction?: (trx: Db, recordedVolunteerIds: number[]) => Promise<void>,
    ): Promise<RecordAttendanceResult> {
      return onLockedEvent(eventId, async (trx, r, event, now) => {
        const listed = new Set((await r.people(eventId)).map((person) => person.volunteer_id));
        if (volunteerIds.some((id) => !listed.has(id)))
          throw new ValidationError('Choose volunteers from the list of who is coming to this MUCU event.', {
            title: eventMessages.errors.attendance,
          });
        const events = eventsRepository(trx);
        const recorded: number[] = [];
        for (const volunteerId of volunteerIds) {
          if (await events.insertAttendance(eventId, volunteerId, null, now.toISOString())) {
            recorded.push(volunteerId);
            await awardAchievements(trx, volunteerId, now);
          }
        }
        await alsoInTransaction?.(trx, recorded);
        return { recorded: recorded.length, alreadyRecorded: volunteerIds.length - recorded.length };
      });
    },

    /** The 'Add to calendar' files and the feed, built once per change of the events. */
    calendars: calendarFiles({ db, dialect, clock, publicUrl }),
  };
}

export type EventRsvpsService = ReturnType<typeof eventRsvpsService>;
