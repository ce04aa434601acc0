// The record_certificates table (its one writer), and the reads that give a volunteer's figures over a
// period: clean-ups completed, their minutes, approved minutes at MUCU events and events attended.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { RecordCertificatesTable } from '#server/db/tables.ts';

export type CertificateRow = Selectable<RecordCertificatesTable>;

export function recordCertificatesRepository(db: Db) {
  return {
    /** The volunteer's figures over [from, to) (instants). */
    async figures(volunteerId: number, from: string, to: string) {
      const [cleanups, eventMinutes, attended] = await Promise.all([
        db
          .selectFrom('cleanups')
          .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(minutes_worked), 0)`.as('minutes')])
          .where('volunteer_id', '=', volunteerId)
          .where('completed_at', '>=', from)
          .where('completed_at', '<', to)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('event_logs')
          .innerJoin('mucu_events', 'mucu_events.id', 'event_logs.mucu_id')
          .select(sql<string>`coalesce(sum(event_logs.minutes), 0)`.as('minutes'))
          .where('event_logs.volunteer_id', '=', volunteerId)
          .where('event_logs.status', '=', 'approved')
          .where('mucu_events.date', '>=', from)
          .where('mucu_events.date', '<', to)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('mucu_attendances')
          .innerJoin('mucu_events', 'mucu_events.id', 'mucu_attendances.mucu_id')
          .select(sql<string>`count(*)`.as('n'))
          .where('mucu_attendances.volunteer_id', '=', volunteerId)
          .where('mucu_events.date', '>=', from)
          .where('mucu_events.date', '<', to)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        minutes: Number(cleanups.minutes) + Number(eventMinutes.minutes),
        sitesCleaned: Number(cleanups.n),
        eventsAttended: Number(attended.n),
      };
    },

    insert(row: Insertable<RecordCertificatesTable>): Promise<CertificateRow> {
      return db.insertInto('record_certificates').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** The volunteer's certificates, newest first. */
    ofVolunteer(volunteerId: number): Promise<CertificateRow[]> {
      return db
        .selectFrom('record_certificates')
        .selectAll()
        .where('volunteer_id', '=', volunteerId)
        .orderBy('issued_at', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    findOwn(id: number, volunteerId: number): Promise<CertificateRow | undefined> {
      return db
        .selectFrom('record_certificates')
        .selectAll()
        .where('id', '=', id)
        .where('volunteer_id', '=', volunteerId)
        .executeTakeFirst();
    },

    /** A certificate still standing, by its code. */
    findStanding(code: string): Promise<CertificateRow | undefined> {
      return db
        .selectFrom('record_certificates')
        .selectAll()
        .where('code', '=', code)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
    },

    withdraw(id: number, now: string): Promise<CertificateRow> {
      return db
        .updateTable('record_certificates')
        .set({ withdrawn_at: now })
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
