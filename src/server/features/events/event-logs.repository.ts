// The event_logs table: the time and bags each attendee logged at a MUCU event, as logged and as
// approved (the one writer), and the attendances they belong to.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { eventLogInputSchema } from '#shared/contracts/event-logs.ts';
import type { Db } from '#server/db/client.ts';
import type { EventLogsTable } from '#server/db/tables.ts';

export type EventLogRow = Selectable<EventLogsTable>;

export type Figures = z.output<typeof eventLogInputSchema>;

export function eventLogsRepository(db: Db) {
  return {
    /** The events this volunteer attended, newest first, with their entry if any. */
    attendedWithLogs(volunteerId: number) {
      return db
        .selectFrom('mucu_attendances')
        .innerJoin('mucu_events', 'mucu_events.id', 'mucu_attendances.mucu_id')
        .leftJoin('event_logs', (join) =>
          join
            .onRef('event_logs.mucu_id', '=', 'mucu_attendances.mucu_id')
            .onRef('event_logs.volunteer_id', '=', 'mucu_attendances.volunteer_id'),
        )
        .select([
          'mucu_events.id as event_id',
          'mucu_events.name as event_name',
          'mucu_events.date as event_date',
          'event_logs.id',
          'event_logs.status',
          'event_logs.minutes',
          'event_logs.bags',
          'event_logs.area_m2',
          'event_logs.logged_minutes',
          'event_logs.logged_bags',
          'event_logs.logged_area_m2',
          'event_logs.approved_at',
        ])
        .where('mucu_attendances.volunteer_id', '=', volunteerId)
        .orderBy('mucu_events.date', 'desc')
        .orderBy('mucu_events.id', 'desc')
        .execute();
    },

    async attends(eventId: number, volunteerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('mucu_attendances')
        .select('id')
        .where('mucu_id', '=', eventId)
        .where('volunteer_id', '=', volunteerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    findById(eventId: number, logId: number): Promise<EventLogRow | undefined> {
      return db
        .selectFrom('event_logs')
        .selectAll()
        .where('mucu_id', '=', eventId)
        .where('id', '=', logId)
        .executeTakeFirst();
    },

    /**
     * Logs the volunteer's figures, or changes them while still pending (both the logged and the
     * counted figures). Undefined when the entry is approved already.
     */
    async savePending(
      eventId: number,
      volunteerId: number,
      figures: Figures,
      now: string,
    ): Promise<EventLogRow | undefined> {
      const values = {
        logged_minutes: figures.minutes,
        logged_bags: figures.bags,
        logged_area_m2: figures.areaM2,
        minutes: figures.minutes,
        bags: figures.bags,
        area_m2: figures.areaM2,
        updated_at: now,
      };
      return db
        .insertInto('event_logs')
        .values({ ...values, mucu_id: eventId, volunteer_id: volunteerId, status: 'pending', created_at: now })
        .onConflict((oc) =>
          oc.columns(['mucu_id', 'volunteer_id']).doUpdateSet(values).where('event_logs.status', '=', 'pending'),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** Approves the entry with these figures (as logged, or corrected). */
    approve(logId: number, figures: Figures, now: string): Promise<EventLogRow | undefined> {
      return db
        .updateTable('event_logs')
        .set({
          minutes: figures.minutes,
          bags: figures.bags,
          area_m2: figures.areaM2,
          status: 'approved',
          approved_at: now,
          updated_at: now,
        })
        .where('id', '=', logId)
        .returningAll()
        .executeTakeFirst();
    },

    /** An event's entries with who logged them, in the order they were logged. */
    ofEvent(eventId: number) {
      return db
        .selectFrom('event_logs')
        .leftJoin('volunteers', 'volunteers.id', 'event_logs.volunteer_id')
        .selectAll('event_logs')
        .select(['volunteers.email', 'volunteers.name'])
        .where('event_logs.mucu_id', '=', eventId)
        .orderBy('event_logs.created_at')
        .orderBy('event_logs.id')
        .execute();
    },
  };
}
