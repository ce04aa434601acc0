// The mucu_events and mucu_attendances tables: events with their attendees, and attendance rows,
// and how many events a volunteer created lately.
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { eventInputSchema } from '#shared/contracts/events.ts';
import type { Db } from '#server/db/client.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';
import { toIso, type MucuEventsTable } from '#server/db/tables.ts';

export type EventRow = Selectable<MucuEventsTable>;

/**
 * True when a stored event's date reads as one every client shows (a four-digit year). A row written
 * before dates were checked may hold one that does not; a list leaves it out rather than fail whole.
 */
export function hasReadableDate(row: Pick<EventRow, 'date'>): boolean {
  const time = new Date(row.date).getTime();
  return !Number.isNaN(time) && /^\d{4}-/.test(new Date(time).toISOString());
}

/** An event as it is saved: the checked input and the name built from it. */
export type EventFields = z.output<typeof eventInputSchema> & { name: string };

const columnsOf = (fields: EventFields) => ({
  name: fields.name,
  location: fields.location,
  date: fields.date,
  description: fields.description,
  maps_link: fields.mapsLink,
});

export function eventsRepository(db: Db) {
  return {
    /** `createdBy`: the volunteer creating it (null for an administrator signed in by code alone). */
    async insert(fields: EventFields, now: string, createdBy: number | null): Promise<EventRow> {
      return db
        .insertInto('mucu_events')
        .values({
          ...columnsOf(fields),
          created_at: now,
          created_by: createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(id: number, fields: EventFields): Promise<EventRow | undefined> {
      return db
        .updateTable('mucu_events')
        .set(columnsOf(fields))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Deletes the event; its attendances go with it (ON DELETE CASCADE). False when there was none. */
    async delete(id: number): Promise<boolean> {
      const deleted = await db.deleteFrom('mucu_events').where('id', '=', id).returning('id').executeTakeFirst();
      return deleted !== undefined;
    },

    /**
     * On PostgreSQL, holds this volunteer's event creation until the transaction ends, so two events
     * created at once are counted one after the other. SQLite runs one write transaction at a time anyway.
     */
    async holdCreator(volunteerId: number, dialect: Dialect): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`select pg_advisory_xact_lock(hashtext('mucu_events.created_by'), ${volunteerId}::int)`.execute(db);
    },

    /** When this volunteer created their events after `since`, most recent first, at most `limit`. */
    async createdSince(volunteerId: number, since: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('mucu_events')
        .select('created_at')
        .where('created_by', '=', volunteerId)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => toIso(row.created_at));
    },

    findById(id: number): Promise<EventRow | undefined> {
      return db.selectFrom('mucu_events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Newest event first. */
    list(): Promise<EventRow[]> {
      return db.selectFrom('mucu_events').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').execute();
    },

    /** The attendees of the given events (all events when none given), in the order they were recorded. */
    attendees(eventIds?: number[]) {
      let query = db
        .selectFrom('mucu_attendances')
        .innerJoin('volunteers', 'volunteers.id', 'mucu_attendances.volunteer_id')
        .select([
          'mucu_attendances.id',
          'mucu_attendances.mucu_id',
          'mucu_attendances.notes',
          'mucu_attendances.created_at',
          // Erased volunteers' attendances (no volunteer) still count, but name nobody here.
          'volunteers.id as volunteer_id',
          'volunteers.email',
          'volunteers.name',
        ])
        .orderBy('mucu_attendances.id');
      if (eventIds) query = query.where('mucu_attendances.mucu_id', 'in', eventIds.length > 0 ? eventIds : [-1]);
      return query.execute();
    },

    /** Records the attendance; undefined when this volunteer already attends this event. */
    async insertAttendance(mucuId: number, volunteerId: number, notes: string | null, now: string) {
      return db
        .insertInto('mucu_attendances')
        .values({ mucu_id: mucuId, volunteer_id: volunteerId, notes, created_at: now })
        .onConflict((oc) => oc.columns(['mucu_id', 'volunteer_id']).doNothing())
        .returning(['id', 'notes', 'created_at'])
        .executeTakeFirst();
    },

    async setCapacity(eventId: number, capacity: number | null): Promise<void> {
      await db.updateTable('mucu_events').set({ capacity }).where('id', '=', eventId).execute();
    },

    /** Erasure: the volunteer's attendances stay (the city's totals) without them and without their notes. */
    async unlinkVolunteer(volunteerId: number): Promise<void> {
      await db
        .updateTable('mucu_attendances')
        .set({ volunteer_id: null, notes: null })
        .where('volunteer_id', '=', volunteerId)
        .execute();
    },
  };
}

export type AttendeeRow = Awaited<ReturnType<ReturnType<typeof eventsRepository>['attendees']>>[number];
