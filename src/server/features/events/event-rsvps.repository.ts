// The event_rsvps and event_mail_settings tables, and the reads the public event pages need: events
// before and after a moment, how many are going or waiting, who attended, and the sites cleaned in a
// span of time. Every method runs on the connection or transaction the repository was made with.
import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { countOf, type Db } from '#server/db/client.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';
import type { EventRsvpsTable, Tables } from '#server/db/tables.ts';
import { hasReadableDate, type EventRow } from './events.repository.ts';

export type RsvpRow = Selectable<EventRsvpsTable>;
export type RsvpPersonRow = RsvpRow & { email: string; name: string | null; attended: number | null };

export function eventRsvpsRepository(db: Db, dialect: Dialect) {
  /** Events in start order (then by id), at most `limit`; an unreadable stored date is left out. */
  async function eventsBy(
    filter: (eb: ExpressionBuilder<Tables, 'mucu_events'>) => Expression<SqlBool>,
    direction: 'asc' | 'desc',
    limit?: number,
  ): Promise<EventRow[]> {
    let query = db
      .selectFrom('mucu_events')
      .selectAll()
      .where(filter)
      .orderBy('date', direction)
      .orderBy('id', direction);
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).filter(hasReadableDate);
  }

  const eventById = (eventId: number) => db.selectFrom('mucu_events').selectAll().where('id', '=', eventId);
  const mailSettings = () =>
    db.selectFrom('event_mail_settings').select(['volunteer_id', 'emails_on', 'unsubscribe_token']);

  return {
    /**
     * Reads the event and, on PostgreSQL, holds its row until the transaction ends, so answers about
     * one event's places are given one at a time. SQLite runs one write transaction at a time anyway.
     */
    lockEvent: (eventId: number): Promise<EventRow | undefined> =>
      eventById(eventId)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst(),

    findEvent: (eventId: number): Promise<EventRow | undefined> => eventById(eventId).executeTakeFirst(),

    /** Events starting after `startsAfter`, soonest first (an unreadable stored date is left out). */
    upcoming: (startsAfter: string) => eventsBy((eb) => eb('date', '>', startsAfter), 'asc'),

    /** Events that started at or before `startedBy`, most recent first (an unreadable stored date is left out). */
    past: (startedBy: string, limit: number) => eventsBy((eb) => eb('date', '<=', startedBy), 'desc', limit),

    /**
     * The events' version: moved by the database's triggers, in the same transaction, by every insert
     * and delete of an event and every change of what a calendar shows of one, whichever process made it.
     */
    async version(): Promise<string> {
      const row = await db
        .selectFrom('mucu_events_version')
        .select('version')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      return String(row.version);
    },

    /** Events starting at or after `from`, soonest first, at most `limit` (an unreadable stored date is left out). */
    startingFrom: (from: string, limit: number) => eventsBy((eb) => eb('date', '>=', from), 'asc', limit),

    /** Events starting in [from, to), most recent first, at most `limit` (an unreadable stored date is left out). */
    startingBetween: (from: string, to: string, limit: number) =>
      eventsBy((eb) => eb.and([eb('date', '>=', from), eb('date', '<', to)]), 'desc', limit),

    /** Going and waiting counts per event. */
    async counts(eventIds: number[]): Promise<Map<number, { going: number; waiting: number }>> {
      const out = new Map<number, { going: number; waiting: number }>();
      if (eventIds.length === 0) return out;
      const rows = await db
        .selectFrom('event_rsvps')
        .select(['mucu_id', 'status', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('mucu_id', 'in', eventIds)
        .groupBy(['mucu_id', 'status'])
        .execute();
      for (const row of rows) {
        const entry = out.get(row.mucu_id) ?? { going: 0, waiting: 0 };
        entry[row.status] = Number(row.n);
        out.set(row.mucu_id, entry);
      }
      return out;
    },

    countGoing: (eventId: number) =>
      countOf(db.selectFrom('event_rsvps').where('mucu_id', '=', eventId).where('status', '=', 'going')),

    /** This volunteer's answers for these events. */
    ofVolunteer(volunteerId: number, eventIds?: number[]): Promise<RsvpRow[]> {
      let query = db.selectFrom('event_rsvps').selectAll().where('volunteer_id', '=', volunteerId);
      if (eventIds) query = query.where('mucu_id', 'in', eventIds.length > 0 ? eventIds : [-1]);
      return query.execute();
    },

    /** The waiting list of an event, first in line first. */
    waitingList(eventId: number, limit?: number): Promise<RsvpRow[]> {
      let query = db
        .selectFrom('event_rsvps')
        .selectAll()
        .where('mucu_id', '=', eventId)
        .where('status', '=', 'waiting')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc');
      if (limit !== undefined) query = query.limit(limit);
      return query.execute();
    },

    /** Adds the answer, unless this volunteer had already answered for this event. */
    async insert(eventId: number, volunteerId: number, status: RsvpRow['status'], now: string): Promise<void> {
      await db
        .insertInto('event_rsvps')
        .values({ mucu_id: eventId, volunteer_id: volunteerId, status, created_at: now, reminded_at: null })
        .onConflict((oc) => oc.columns(['mucu_id', 'volunteer_id']).doNothing())
        .execute();
    },

    /** Takes the answer back; answers what it was, or undefined when there was none. */
    remove(eventId: number, volunteerId: number): Promise<RsvpRow | undefined> {
      return db
        .deleteFrom('event_rsvps')
        .where('mucu_id', '=', eventId)
        .where('volunteer_id', '=', volunteerId)
        .returningAll()
        .executeTakeFirst();
    },

    async promote(rsvpIds: number[]): Promise<void> {
      if (rsvpIds.length === 0) return;
      await db.updateTable('event_rsvps').set({ status: 'going' }).where('id', 'in', rsvpIds).execute();
    },

    /** Everyone who answered, going first, each list in the order they answered, with their attendance. */
    people(eventId: number): Promise<RsvpPersonRow[]> {
      return db
        .selectFrom('event_rsvps')
        .innerJoin('volunteers', 'volunteers.id', 'event_rsvps.volunteer_id')
        .leftJoin('mucu_attendances', (join) =>
          join
            .onRef('mucu_attendances.mucu_id', '=', 'event_rsvps.mucu_id')
            .onRef('mucu_attendances.volunteer_id', '=', 'event_rsvps.volunteer_id'),
        )
        .selectAll('event_rsvps')
        .select(['volunteers.email', 'volunteers.name', 'mucu_attendances.id as attended'])
        .where('event_rsvps.mucu_id', '=', eventId)
        .orderBy(sql`case when event_rsvps.status = 'going' then 0 else 1 end`)
        .orderBy('event_rsvps.created_at', 'asc')
        .orderBy('event_rsvps.id', 'asc')
        .execute();
    },

    /** Everyone going to or waiting for an event, with their address. */
    recipients(eventId: number) {
      return db
        .selectFrom('event_rsvps')
        .innerJoin('volunteers', 'volunteers.id', 'event_rsvps.volunteer_id')
        .select([
          'event_rsvps.id as rsvp_id',
          'event_rsvps.volunteer_id',
          'event_rsvps.status',
          'volunteers.email',
          'volunteers.name',
        ])
        .where('event_rsvps.mucu_id', '=', eventId)
        .orderBy('event_rsvps.id')
        .execute();
    },

    /** Going volunteers not yet reminded, of events starting after `from` and by `until`. */
    reminderCandidates(from: string, until: string) {
      return db
        .selectFrom('event_rsvps')
        .innerJoin('mucu_events', 'mucu_events.id', 'event_rsvps.mucu_id')
        .innerJoin('volunteers', 'volunteers.id', 'event_rsvps.volunteer_id')
        .select([
          'event_rsvps.id as rsvp_id',
          'event_rsvps.volunteer_id',
          'event_rsvps.mucu_id',
          'mucu_events.date',
          'volunteers.email',
          'volunteers.name',
        ])
        .where('mucu_events.date', '>', from)
        .where('mucu_events.date', '<=', until)
        .where('event_rsvps.status', '=', 'going')
        .where('event_rsvps.reminded_at', 'is', null)
        .orderBy('event_rsvps.id')
        .execute();
    },

    /** Claims the reminder of this answer; false when it was claimed already (by another worker). */
    async markReminded(rsvpId: number, now: string): Promise<boolean> {
      const row = await db
        .updateTable('event_rsvps')
        .set({ reminded_at: now })
        .where('id', '=', rsvpId)
        .where('reminded_at', 'is', null)
        .where('status', '=', 'going')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The event moved: everyone going is reminded again before the new time. */
    async clearReminders(eventId: number): Promise<void> {
      await db.updateTable('event_rsvps').set({ reminded_at: null }).where('mucu_id', '=', eventId).execute();
    },

    /** Attendances recorded per event. */
    async attendedCounts(eventIds: number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      if (eventIds.length === 0) return out;
      const rows = await db
        .selectFrom('mucu_attendances')
        .select(['mucu_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('mucu_id', 'in', eventIds)
        .groupBy('mucu_id')
        .execute();
      for (const row of rows) out.set(row.mucu_id, Number(row.n));
      return out;
    },

    /** Clean-ups completed from `from` (inclusive) to `to` (exclusive). */
    cleanupsBetween: (from: string, to: string) =>
      countOf(db.selectFrom('cleanups').where('completed_at', '>=', from).where('completed_at', '<', to)),

    findMailSettings: (volunteerId: number) =>
      mailSettings().where('volunteer_id', '=', volunteerId).executeTakeFirst(),

    findMailSettingsByToken: (token: string) =>
      mailSettings().where('unsubscribe_token', '=', token).executeTakeFirst(),

    /** Makes the row with e-mails on, unless the volunteer has one already. */
    async ensureMailSettings(volunteerId: number, token: string, now: string): Promise<void> {
      await db
        .insertInto('event_mail_settings')
        .values({ volunteer_id: volunteerId, emails_on: 1, unsubscribe_token: token, updated_at: now })
        .onConflict((oc) => oc.column('volunteer_id').doNothing())
        .execute();
    },

    async setEmailsOn(volunteerId: number, on: boolean, now: string): Promise<void> {
      await db
        .updateTable('event_mail_settings')
        .set({ emails_on: on ? 1 : 0, updated_at: now })
        .where('volunteer_id', '=', volunteerId)
        .execute();
    },
  };
}
