// The alert jobs the outbox worker runs. A new report queues one 'report-alert' (in the report's own
// transaction); that job finds who asked to hear and queues, per volunteer and channel, a dispatch at
// the end of their 10-minute window; the dispatch groups what waited into one message and queues its
// sending ('alert-push' per device, 'alert-email'); the daily digest is queued once a day.
// Each step commits what it did together with the jobs it queued, so a crash repeats no message.
import { z } from 'zod';
import { haversineMetres } from '#shared/domain/geo.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { mailMessageSchema, type Mailer } from '#server/mail/mailer.ts';
import { pointOf, toIso } from '#server/db/tables.ts';
import type { AlertRecipient, AlertReport, AlertsRepository } from './alerts.repository.ts';
import { alertEmail, pushPayload } from './alert-messages.ts';
import { cityDayAndHour } from '#shared/domain/calendar-days.ts';
import { enqueueJob, type ClaimedJob, type OutboxRepository } from '#server/jobs/outbox.repository.ts';
import { payloadOf, type JobHandler, type JobOutcome } from '#server/jobs/outbox-worker.ts';
import type { PushSender } from './push-sender.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** At most one instant alert per volunteer and channel in this time; later reports wait and are grouped. */
const ALERT_WINDOW_MS = 10 * MINUTE;
/** A digest lists at most this many reports and looks back at most a week. */
const DIGEST_LIMIT = 200;
const DIGEST_LOOKBACK_MS = 7 * DAY;
/** Fan-out writes this many volunteers per transaction, so a report submission never waits long for the database. */
const FAN_OUT_CHUNK = 50;

export const JOB = {
  reportAlert: 'report-alert',
  dispatch: 'alert-dispatch',
  push: 'alert-push',
  email: 'alert-email',
  digest: 'alert-digest',
} as const;

const reportAlertPayloadSchema = z.object({ reportId: z.number(), photoKey: z.string() });
export type ReportAlertPayload = z.infer<typeof reportAlertPayloadSchema>;
const dispatchPayloadSchema = z.object({ volunteerId: z.number(), channel: z.enum(['push', 'email']) });
type DispatchPayload = z.infer<typeof dispatchPayloadSchema>;
const pushJobPayloadSchema = z.object({ subscriptionId: z.number(), payload: z.string() });
type PushJobPayload = z.infer<typeof pushJobPayloadSchema>;
const emailJobPayloadSchema = z.object({
  volunteerId: z.number(),
  kind: z.enum(['instant', 'daily']),
  message: mailMessageSchema,
});
type EmailJobPayload = z.infer<typeof emailJobPayloadSchema>;
const digestPayloadSchema = z.object({ day: z.string() });

export interface AlertJobsDeps {
  db: Db;
  repository: AlertsRepository;
  outbox: OutboxRepository;
  clock: Clock;
  mailer: Mailer;
  push: PushSender;
  publicUrl: string;
  /** Local hour (Europe/London) of the daily digest. */
  digestHour: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** A report is in a volunteer's area unless both have a place and they are further apart than the radius. */
function withinArea(
  recipient: Pick<AlertRecipient, 'radius_km' | 'centre_latitude' | 'centre_longitude'>,
  report: AlertReport,
): boolean {
  const centre = pointOf(recipient.centre_latitude, recipient.centre_longitude);
  const at = pointOf(report.latitude, report.longitude);
  if (recipient.radius_km === null || centre === null || at === null) return true;
  return haversineMetres(centre, at) <= recipient.radius_km * 1000;
}

export function alertJobs({ db, repository, outbox, clock, mailer, push, publicUrl, digestHour, log }: AlertJobsDeps) {
  let digestQueuedFor: string | undefined;
  let prunedAt = 0;

  /** Queues the e-mail of these reports to the volunteer, in the caller's transaction. */
  async function queueEmail(
    trx: Db,
    recipient: AlertRecipient,
    reports: AlertReport[],
    kind: 'instant' | 'daily',
    now: string,
  ) {
    const message = alertEmail(reports, {
      publicUrl,
      to: recipient.email_address,
      name: recipient.name,
      unsubscribeToken: recipient.unsubscribe_token,
      kind,
    });
    const payload: EmailJobPayload = { volunteerId: recipient.volunteer_id, kind, message };
    await enqueueJob(trx, { kind: JOB.email, payload, now });
  }

  async function fanOut(job: ClaimedJob): Promise<JobOutcome> {
    const { reportId, photoKey } = payloadOf(job, reportAlertPayloadSchema);
    const report = await repository.findReport(reportId, photoKey);
    if (!report || report.status !== 'reported') return;
    const targets = (await repository.instantRecipients())
      .filter((recipient) => withinArea(recipient, report))
      .flatMap((recipient) => [
        ...(recipient.push === 1 && Number(recipient.devices) > 0
          ? [{ volunteerId: recipient.volunteer_id, channel: 'push' as const }]
          : []),
        ...(recipient.email === 'instant' ? [{ volunteerId: recipient.volunteer_id, channel: 'email' as const }] : []),
      ]);
    for (let start = 0; start < targets.length; start += FAN_OUT_CHUNK) {
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        for (const target of targets.slice(start, start + FAN_OUT_CHUNK)) {
          const window = await repository.lockWindow(trx, target.volunteerId, target.channel);
          await repository.addDelivery(trx, { ...target, reportId: report.id, now: now.toISOString(), batched: false });
          if (window.dispatch_pending) continue; // the queued dispatch will take this report too
          const windowEnds = window.last_sent_at ? new Date(toIso(window.last_sent_at)).getTime() + ALERT_WINDOW_MS : 0;
          await enqueueJob(trx, {
            kind: JOB.dispatch,
            payload: target satisfies DispatchPayload,
            runAfter: new Date(Math.max(now.getTime(), windowEnds)).toISOString(),
            now: now.toISOString(),
          });
          await repository.updateWindow(trx, target.volunteerId, target.channel, { dispatch_pending: 1 });
        }
      });
    }
  }

  async function dispatch(job: ClaimedJob): Promise<JobOutcome> {
    const { volunteerId, channel } = payloadOf(job, dispatchPayloadSchema);
    return db.transaction().execute(async (trx): Promise<JobOutcome> => {
      const window = await repository.lockWindow(trx, volunteerId, channel);
      const now = clock.now();
      const lastSent = window.last_sent_at ? new Date(toIso(window.last_sent_at)).getTime() : null;
      if (lastSent !== null && now.getTime() < lastSent + ALERT_WINDOW_MS) {
        await repository.updateWindow(trx, volunteerId, channel, { dispatch_pending: 1 });
        return { runAgainAt: new Date(lastSent + ALERT_WINDOW_MS) };
      }
      const waiting = (await repository.takeWaiting(trx, volunteerId, channel, now.toISOString())).filter(
        (r) => r.status === 'reported',
      );
      const recipient = await repository.findRecipient(volunteerId, trx);
      let sent = false;
      if (waiting.length > 0 && recipient) {
        if (channel === 'email' && recipient.email === 'instant') {
          await queueEmail(trx, recipient, waiting, 'instant', now.toISOString());
          sent = true;
        }
        if (channel === 'push' && recipient.push === 1) {
          const payload = JSON.stringify(pushPayload(waiting, publicUrl));
          for (const subscription of await repository.subscriptionsOf(volunteerId, trx)) {
            const job: PushJobPayload = { subscriptionId: subscription.id, payload };
            await enqueueJob(trx, { kind: JOB.push, payload: job, now: now.toISOString() });
            sent = true;
          }
        }
      }
      await repository.updateWindow(trx, volunteerId, channel, {
        dispatch_pending: 0,
        ...(sent ? { last_sent_at: now.toISOString() } : {}),
      });
    });
  }

  async function sendPush(job: ClaimedJob): Promise<JobOutcome> {
    const { subscriptionId, payload } = payloadOf(job, pushJobPayloadSchema);
    const subscription = await repository.findSubscription(subscriptionId);
    if (!subscription) return; // the volunteer switched push off on that device
    const result = await push.send(subscription, payload);
    if (result === 'gone') {
      log.info({ subscriptionId }, 'push subscription gone (404/410): deleted');
      await repository.deleteSubscriptionById(subscriptionId);
    } else if (result === 'refused') {
      // Never sent to, now or on a retry: the device can subscribe again with a browser's push service.
      log.warn({ subscriptionId }, 'push endpoint is not a public push service: message dropped, device deleted');
      await repository.deleteSubscriptionById(subscriptionId);
    }
  }

  async function sendEmail(job: ClaimedJob): Promise<JobOutcome> {
    const { volunteerId, message } = payloadOf(job, emailJobPayloadSchema);
    const preferences = await repository.findPreferences(volunteerId);
    if (!preferences || preferences.email === 'off') return; // unsubscribed since it was queued
    await mailer.send(message);
  }

  async function digest(job: ClaimedJob): Promise<JobOutcome> {
    payloadOf(job, digestPayloadSchema);
    for (const recipient of await repository.dailyRecipients()) {
      const now = clock.now();
      const since = Math.max(
        recipient.daily_since ? new Date(toIso(recipient.daily_since)).getTime() : 0,
        now.getTime() - DIGEST_LOOKBACK_MS,
      );
      const reports = (
        await repository.newForDigest(
          recipient.volunteer_id,
          new Date(since).toISOString(),
          now.toISOString(),
          DIGEST_LIMIT,
        )
      ).filter((report) => withinArea(recipient, report));
      if (reports.length === 0) continue; // nothing new: no e-mail
      await db.transaction().execute(async (trx) => {
        const fresh: AlertReport[] = [];
        for (const report of reports) {
          const added = await repository.addDelivery(trx, {
            volunteerId: recipient.volunteer_id,
            channel: 'digest',
            reportId: report.id,
            now: now.toISOString(),
            batched: true,
          });
          if (added) fresh.push(report);
        }
        if (fresh.length > 0) await queueEmail(trx, recipient, fresh, 'daily', now.toISOString());
      });
    }
  }

  /** Before each poll: queue today's digest once its hour has come, and prune old rows hourly. */
  async function onPoll(): Promise<void> {
    const now = clock.now();
    const { day, hour } = cityDayAndHour(now);
    if (hour >= digestHour && digestQueuedFor !== day) {
      await enqueueJob(db, {
        kind: JOB.digest,
        payload: { day },
        runAfter: now.toISOString(),
        now: now.toISOString(),
        dedupeKey: `${JOB.digest}:${day}`,
      });
      digestQueuedFor = day;
    }
    if (now.getTime() - prunedAt > 60 * MINUTE) {
      prunedAt = now.getTime();
      await outbox.prune(
        new Date(now.getTime() - 7 * DAY).toISOString(),
        new Date(now.getTime() - 30 * DAY).toISOString(),
      );
      await repository.pruneDeliveries(new Date(now.getTime() - 30 * DAY).toISOString());
    }
  }

  const handlers: Record<string, JobHandler> = {
    [JOB.reportAlert]: fanOut,
    [JOB.dispatch]: dispatch,
    [JOB.push]: sendPush,
    [JOB.email]: sendEmail,
    [JOB.digest]: digest,
  };
  return { handlers, onPoll };
}
