// Meet Up Clean Up events: the name is always the location + ' MUCU'; a volunteer creates a few a day;
// attendance is recorded once an event has started, registers an address the administrator confirms
// is new, and may earn the volunteer an achievement, all in one transaction. Changing or cancelling an event e-mails everyone who said they would come, in
// the same transaction as the change.
import type { z } from 'zod';
import type { Attendance, attendanceRequestSchema, eventInputSchema, MucuEvent } from '#shared/contracts/events.ts';
import { eventMessages } from '#shared/domain/event-messages.ts';
import type { Db } from '#server/db/client.ts';
import { toIso } from '#server/db/tables.ts';
import { AppError, ConflictError, NotFoundError } from '#server/errors.ts';
import { EVENT_LENGTH_MS, MAX_EVENTS_PER_VOLUNTEER_PER_DAY } from '#shared/domain/events.ts';
import { awardAchievements } from '#server/features/achievements/index.ts';
import { findOrRegisterVolunteer, volunteersRepository } from '#server/features/volunteers/index.ts';
import {
  eventsRepository,
  hasReadableDate,
  type AttendeeRow,
  type EventFields,
  type EventRow,
} from './events.repository.ts';
import { eventFactsOf, queueEventEmails, type EventsDeps } from './event-jobs.ts';
import { eventRsvpsRepository } from './event-rsvps.repository.ts';

export type EventInput = z.output<typeof eventInputSchema>;

const fieldsOf = (input: EventInput): EventFields => ({
  ...input,
  name: `${input.location}${eventMessages.nameSuffix}`,
});

function toEventResponse(row: EventRow, attendees: AttendeeRow[]): MucuEvent {
  return {
    ...eventFactsOf(row),
    attendances: attendees.map((a) => ({
      id: a.id,
      notes: a.notes,
      createdAt: toIso(a.created_at),
      volunteer: { id: a.volunteer_id, email: a.email, name: a.name },
    })),
  };
}

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

function tooManyEvents(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const hours = Math.ceil(waitMs / HOUR_MS);
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const wait = hours > 1 ? `${hours} hours` : minutes >= 60 ? '1 hour' : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError(429, eventMessages.tooManyEvents(MAX_EVENTS_PER_VOLUNTEER_PER_DAY, wait), {
    title: eventMessages.errors.create,
    headers: { 'Retry-After': String(seconds) },
  });
}

const hasEnded = (row: EventRow, now: Date) => new Date(toIso(row.date)).getTime() + EVENT_LENGTH_MS <= now.getTime();

export function eventsService({ db, clock, dialect, publicUrl }: EventsDeps) {
  const repository = eventsRepository(db);

  async function withAttendees(row: EventRow, on: Db = db): Promise<MucuEvent> {
    return toEventResponse(row, await eventsRepository(on).attendees([row.id]));
  }

  return {
    /**
     * Creates the event. A volunteer may create a few in any 24 hours (an administrator any number):
     * past that, 429 with the time until the oldest of them is a day old. `by.volunteerId` is null for
     * an administrator signed in by code alone.
     */
    async create(input: EventInput, by: { volunteerId: number | null; admin: boolean }): Promise<MucuEvent> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const events = eventsRepository(trx);
        if (by.volunteerId !== null && !by.admin) {
          await events.holdCreator(by.volunteerId, dialect);
          const most = MAX_EVENTS_PER_VOLUNTEER_PER_DAY;
          const recent = await events.createdSince(
            by.volunteerId,
            new Date(now.getTime() - DAY_MS).toISOString(),
            most,
          );
          if (recent.length >= most) throw tooManyEvents(Date.parse(recent[most - 1]!) + DAY_MS - now.getTime());
        }
        return withAttendees(await events.insert(fieldsOf(input), now.toISOString(), by.volunteerId), trx);
      });
    },

    /** Saves the change; those coming hear of a new time, place or details, and are reminded again before a new time. */
    async update(id: number, input: EventInput): Promise<MucuEvent> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const rsvps = eventRsvpsRepository(trx, dialect);
        const before = await rsvps.lockEvent(id);
        if (!before) throw new NotFoundError(eventMessages.eventNotFound);
        const row = await eventsRepository(trx).update(id, fieldsOf(input));
        if (!row) throw new NotFoundError(eventMessages.eventNotFound);
        const [was, is] = [eventFactsOf(before), eventFactsOf(row)];
        if (was.date !== is.date) await rsvps.clearReminders(id);
        const changed = (['date', 'location', 'description', 'mapsLink'] as const).some((key) => was[key] !== is[key]);
        if (changed && !hasEnded(row, now)) {
          await queueEventEmails(trx, dialect, {
            kind: 'changed',
            event: is,
            before: was,
            recipients: await rsvps.recipients(id),
            publicUrl,
            now,
          });
        }
        return withAttendees(row, trx);
      });
    },

    /** Deletes the event; those coming to an event that has not happened yet are told it is cancelled. */
    async delete(id: number): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const rsvps = eventRsvpsRepository(trx, dialect);
        const event = await rsvps.lockEvent(id);
        if (!event) throw new NotFoundError(eventMessages.eventNotFound);
        if (!hasEnded(event, now)) {
          await queueEventEmails(trx, dialect, {
            kind: 'cancelled',
            event: eventFactsOf(event),
            recipients: await rsvps.recipients(id),
            publicUrl,
            now,
          });
        }
        if (!(await eventsRepository(trx).delete(id))) throw new NotFoundError(eventMessages.eventNotFound);
      });
    },

    async list(): Promise<MucuEvent[]> {
      const [events, attendees] = await Promise.all([repository.list(), repository.attendees()]);
      const byEvent = new Map<number, AttendeeRow[]>();
      for (const attendee of attendees) {
        const list = byEvent.get(attendee.mucu_id) ?? [];
        list.push(attendee);
        byEvent.set(attendee.mucu_id, list);
      }
      // One row with an unreadable date (written before dates were checked) must not hide the others.
      return events.filter(hasReadableDate).map((event) => toEventResponse(event, byEvent.get(event.id) ?? []));
    },

    /**
     * Attendance is a record of who came, so it is added once the event has started; and an address no
     * volunteer has used is registered only when the administrator confirms it is not a typo.
     */
    async addAttendance(input: z.output<typeof attendanceRequestSchema>): Promise<Attendance> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const events = eventsRepository(trx);
        const event = await events.findById(input.mucuId);
        if (!event) throw new NotFoundError(eventMessages.eventNotFound);
        if (new Date(event.date).getTime() > now.getTime()) {
          throw new ConflictError(eventMessages.attendanceBeforeStart, {
            title: eventMessages.errors.attendance,
            code: 'EventNotStarted',
          });
        }
        if (!input.registerNewVolunteer && !(await volunteersRepository(trx).findByEmail(input.volunteerEmail))) {
          throw new ConflictError(eventMessages.unknownVolunteer(input.volunteerEmail), {
            title: eventMessages.unknownVolunteerTitle,
            code: 'UnknownVolunteer',
          });
        }
        const { volunteer } = await findOrRegisterVolunteer(trx, { email: input.volunteerEmail }, now);
        const attendance = await events.insertAttendance(event.id, volunteer.id, input.notes, now.toISOString());
        if (!attendance)
          throw new ConflictError(eventMessages.alreadyAttending, { title: eventMessages.errors.attendance });
        await awardAchievements(trx, volunteer.id, now);
        return {
          id: attendance.id,
          notes: attendance.notes,
          createdAt: toIso(attendance.created_at),
          volunteer: { id: volunteer.id, email: volunteer.email, name: volunteer.name },
          mucu: eventFactsOf(event),
        };
      });
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
