// The rules of time and bags at MUCU events: a volunteer recorded as attending logs their minutes and
// bags (or area) once the event has started, and may change them until the organiser approves the
// entry, as logged or corrected. Only approved entries count in totals.
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/clock.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '#server/errors.ts';
import type { AdminEventLog, AdminEventLogs, EventLog, MyEventLog } from '#shared/contracts/event-logs.ts';
import { eventMessages } from '#shared/domain/event-messages.ts';
import { eventLogMessages as m } from '#shared/domain/event-logs.ts';
import { eventLogsRepository, type EventLogRow, type Figures } from './event-logs.repository.ts';
import { eventsRepository, hasReadableDate } from './events.repository.ts';

function toEventLog(row: Omit<EventLogRow, 'mucu_id' | 'volunteer_id' | 'created_at' | 'updated_at'>): EventLog {
  return {
    id: row.id,
    status: row.status,
    minutes: row.minutes,
    bags: row.bags,
    areaM2: row.area_m2,
    logged: { minutes: row.logged_minutes, bags: row.logged_bags, areaM2: row.logged_area_m2 },
    approvedAt: toIsoOrNull(row.approved_at),
  };
}

/** An entry as the organiser sees it, with who logged it. */
function toAdminEventLog(row: EventLogRow & { email: string | null; name: string | null }): AdminEventLog {
  return {
    ...toEventLog(row),
    volunteer: row.volunteer_id === null ? null : { id: row.volunteer_id, email: row.email!, name: row.name },
  };
}

export function eventLogsService({ db, clock }: { db: Db; clock: Clock }) {
  const repository = eventLogsRepository(db);
  const started = (date: Date | string, now: Date) => new Date(date).getTime() <= now.getTime();

  return {
    async mine(volunteerId: number): Promise<MyEventLog[]> {
      const now = clock.now();
      const rows = await repository.attendedWithLogs(volunteerId);
      return rows
        .filter((row) => hasReadableDate({ date: row.event_date }))
        .map((row) => ({
          event: { id: row.event_id, name: row.event_name, date: toIso(row.event_date) },
          canLog: started(row.event_date, now),
          entry:
            row.id === null
              ? null
              : toEventLog({
                  ...row,
                  id: row.id,
                  status: row.status!,
                  minutes: row.minutes!,
                  logged_minutes: row.logged_minutes!,
                }),
        }));
    },

    async save(eventId: number, volunteerId: number, figures: Figures): Promise<MyEventLog> {
      const now = clock.now();
      const event = await eventsRepository(db).findById(eventId);
      if (!event) throw new NotFoundError(eventMessages.eventNotFound);
      if (!(await repository.attends(eventId, volunteerId))) throw new ForbiddenError(m.notAttending);
      if (!started(event.date, now)) throw new ConflictError(m.notStarted);
      const row = await repository.savePending(eventId, volunteerId, figures, now.toISOString());
      if (!row) throw new ConflictError(m.alreadyApproved, { code: 'AlreadyApproved' });
      return {
        event: { id: event.id, name: event.name, date: toIso(event.date) },
        canLog: true,
        entry: toEventLog(row),
      };
    },

    async list(eventId: number): Promise<AdminEventLogs> {
      const event = await eventsRepository(db).findById(eventId);
      if (!event) throw new NotFoundError(eventMessages.eventNotFound);
      const rows = await repository.ofEvent(eventId);
      return {
        eventId,
        eventName: event.name,
        entries: rows.map(toAdminEventLog),
      };
    },

    /** Approves the entry with the organiser's figures (the logged ones, or a correction). */
    async approve(
      eventId: number,
      logId: number,
      figures: Figures,
      alsoInTransaction?: (trx: Db, volunteerId: number | null) => Promise<void>,
    ): Promise<AdminEventLog> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const r = eventLogsRepository(trx);
        const found = await r.findById(eventId, logId);
        if (!found) throw new NotFoundError(m.entryNotFound);
        const row = (await r.approve(logId, figures, now.toISOString()))!;
        await alsoInTransaction?.(trx, row.volunteer_id);
        return toAdminEventLog((await r.ofEvent(eventId)).find((entry) => entry.id === logId)!);
      });
    },
  };
}

export type EventLogsService = ReturnType<typeof eventLogsService>;
