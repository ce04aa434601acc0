// Event e-mails through the outbox: each is queued as an 'event-email' job in the same transaction as
// the change it tells of (an edit, a cancellation, a place come free), and the day-before reminders
// are queued on the worker's poll once their London hour has come. A reminder is claimed on its
// answer's row before it is queued, so it goes once per volunteer even with several workers.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';
import { toIso } from '#server/db/tables.ts';
import { cityDayStart } from '#shared/domain/city-clock.ts';
import { mailMessageSchema, type Mailer } from '#server/mail/mailer.ts';
import { enqueueJob, type ClaimedJob, payloadOf, type JobHandler, type JobOutcome } from '#server/jobs/index.ts';
import { eventEmail, type EventFacts, type EventMailKind } from './event-mail.ts';
import { eventRsvpsRepository } from './event-rsvps.repository.ts';
import type { EventRow } from './events.repository.ts';

export const EVENT_JOB = { email: 'event-email' } as const;

const DAY = 24 * 60 * 60_000;

const eventEmailPayloadSchema = z.object({
  volunteerId: z.number(),
  kind: z.enum(['reminder', 'changed', 'cancelled', 'promoted'] satisfies EventMailKind[]),
  message: mailMessageSchema,
});
type EventEmailPayload = z.infer<typeof eventEmailPayloadSchema>;

export function eventFactsOf(row: EventRow): EventFacts {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    date: toIso(row.date),
    description: row.description,
    mapsLink: row.maps_link,
  };
}

export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

/**
 * Queues one e-mail of this kind to each recipient who has not turned event e-mails off, with the
 * given transaction so it commits (or not) with the change it tells of.
 */
export async function queueEventEmails(
  trx: Db,
  dialect: Dialect,
  options: {
    kind: EventMailKind;
    event: EventFacts;
    before?: EventFacts;
    recipients: { volunteer_id: number; email: string; name: string | null }[];
    publicUrl: string;
    now: Date;
  },
): Promise<void> {
  const repository = eventRsvpsRepository(trx, dialect);
  const now = options.now.toISOString();
  for (const recipient of options.recipients) {
    await repository.ensureMailSettings(recipient.volunteer_id, newUnsubscribeToken(), now);
    const settings = await repository.findMailSettings(recipient.volunteer_id);
    if (!settings || settings.emails_on !== 1) continue;
    const message = eventEmail(
      options.kind,
      options.event,
      {
        publicUrl: options.publicUrl,
        to: recipient.email,
        name: recipient.name,
        unsubscribeToken: settings.unsubscribe_token,
      },
      options.before,
    );
    const payload: EventEmailPayload = { volunteerId: recipient.volunteer_id, kind: options.kind, message };
    await enqueueJob(trx, { kind: EVENT_JOB.email, payload, now });
  }
}

/** What the events feature's services are built from. */
export interface EventsDeps {
  db: Db;
  clock: Clock;
  /** Which database (the event's row is locked on PostgreSQL while its change is told). */
  dialect: Dialect;
  /** Absolute links in the e-mails, calendars and check-in screen. */
  publicUrl: string;
}

export interface EventJobsDeps extends EventsDeps {
  mailer: Mailer;
  /** London hour (0-23) of the reminder on the day before an event. */
  reminderHour: number;
}

export function eventJobs({ db, dialect, clock, mailer, publicUrl, reminderHour }: EventJobsDeps) {
  const repository = eventRsvpsRepository(db, dialect);

  async function sendEmail(job: ClaimedJob): Promise<JobOutcome> {
    const p = payloadOf(job, eventEmailPayloadSchema);
    const settings = await repository.findMailSettings(p.volunteerId);
    if (settings && settings.emails_on !== 1) return; // unsubscribed since it was queued
    await mailer.send(p.message);
  }

  /** Queues the reminders whose time has come: from the London hour the day before until that day begins. */
  async function queueReminders(): Promise<void> {
    const now = clock.now();
    // A day-before reminder is at most about 30 hours ahead of its event.
    const candidates = await repository.reminderCandidates(
      now.toISOString(),
      new Date(now.getTime() + 2 * DAY).toISOString(),
    );
    for (const candidate of candidates) {
      const start = new Date(toIso(candidate.date));
      if (now.getTime() < cityDayStart(start, -1, reminderHour).getTime()) continue;
      // Said yes on the day itself: 'Tomorrow' would be wrong, and they have just seen the event.
      const sameDay = now.getTime() >= cityDayStart(start).getTime();
      await db.transaction().execute(async (trx) => {
        const rsvps = eventRsvpsRepository(trx, dialect);
        if (!(await rsvps.markReminded(candidate.rsvp_id, now.toISOString())) || sameDay) return;
        const event = await rsvps.findEvent(candidate.mucu_id);
        if (!event) return;
        await queueEventEmails(trx, dialect, {
          kind: 'reminder',
          event: eventFactsOf(event),
          recipients: [candidate],
          publicUrl,
          now,
        });
      });
    }
  }

  const handlers: Record<string, JobHandler> = { [EVENT_JOB.email]: sendEmail };
  return { handlers, onPoll: queueReminders };
}
