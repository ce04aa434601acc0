// Meet Up Clean Up events (SPEC.md sections 3 and 5): the name is always the location + ' MUCU';
// recording attendance registers an unknown address and may earn the volunteer an achievement, all
// in one transaction.
import type { z } from 'zod';
import type { Attendance, eventInputSchema, MucuEvent } from '#shared/contracts/events.ts';
import { eventMessages } from '#shared/domain/admin-messages.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { toIso } from '#server/db/tables.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import { awardAchievements } from '../achievements/achievements.service.ts';
import { findOrRegisterVolunteer } from '../volunteers/volunteers.service.ts';
import { eventsRepository, type AttendeeRow, type EventFields, type EventRow } from './events.repository.ts';

export type EventInput = z.output<typeof eventInputSchema>;

const fieldsOf = (input: EventInput): EventFields => ({
  ...input,
  name: `${input.location}${eventMessages.nameSuffix}`,
});

function toEventDetails(row: EventRow): Omit<MucuEvent, 'attendances'> {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    date: toIso(row.date),
    description: row.description,
    mapsLink: row.maps_link,
  };
}

function toEventResponse(row: EventRow, attendees: AttendeeRow[]): MucuEvent {
  return {
    ...toEventDetails(row),
    attendances: attendees.map((a) => ({
      id: a.id,
      notes: a.notes,
      createdAt: toIso(a.created_at),
      volunteer: { id: a.volunteer_id, email: a.email, name: a.name },
    })),
  };
}

export function eventsService({ db, clock }: { db: Db; clock: Clock }) {
  const repository = eventsRepository(db);

  async function withAttendees(row: EventRow): Promise<MucuEvent> {
    return toEventResponse(row, await repository.attendees([row.id]));
  }

  return {
    async create(input: EventInput): Promise<MucuEvent> {
      return withAttendees(await repository.insert(fieldsOf(input), clock.now().toISOString()));
    },

    async update(id: number, input: EventInput): Promise<MucuEvent> {
      const row = await repository.update(id, fieldsOf(input));
      if (!row) throw new NotFoundError(eventMessages.eventNotFound);
      return withAttendees(row);
    },

    async delete(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw new NotFoundError(eventMessages.eventNotFound);
    },

    async list(): Promise<MucuEvent[]> {
      const [events, attendees] = await Promise.all([repository.list(), repository.attendees()]);
      const byEvent = new Map<number, AttendeeRow[]>();
      for (const attendee of attendees) {
        const list = byEvent.get(attendee.mucu_id) ?? [];
        list.push(attendee);
        byEvent.set(attendee.mucu_id, list);
      }
      return events.map((event) => toEventResponse(event, byEvent.get(event.id) ?? []));
    },

    async addAttendance(input: { mucuId: number; volunteerEmail: string; notes: string | null }): Promise<Attendance> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const events = eventsRepository(trx);
        const event = await events.findById(input.mucuId);
        if (!event) throw new NotFoundError(eventMessages.eventNotFound);
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
          mucu: toEventDetails(event),
        };
      });
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
