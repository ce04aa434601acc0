// Volunteer alerts assembled from their dependencies: the service behind the routes, the function
// that queues a new report's alert in the report's transaction, and the alert jobs the outbox runs.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { alertJobs } from './alert-jobs.ts';
import { adminEscalationJobs, enqueueEscalation } from './admin-escalation.ts';
import { alertsRepository } from './alerts.repository.ts';
import { alertsService, enqueueReportAlert } from './alerts.service.ts';
import { outboxRepository } from '#server/jobs/outbox.repository.ts';
import { generateVapidKeys, webPushSender, type PushOptions, type PushSender } from './push-sender.ts';
import { pushEndpointPolicy } from './push-endpoints.ts';

export interface AlertsOptions {
  /** Local hour (Europe/London, 0-23) of the daily digest; 18 unless given. */
  digestHour?: number;
  /** How often the worker looks for due jobs. */
  pollMs?: number;
  /** London hour (0-23) of the reminder e-mail on the day before a MUCU event; 18 unless given. */
  eventReminderHour?: number;
}

export interface AlertsDeps extends AlertsOptions {
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** VAPID keys and whom to trust for push services; keys made for this process only unless given. */
  push?: PushOptions;
  /** A sender to use instead of web-push (tests at the edge of the world). */
  pushSender?: PushSender;
  /** The administrators' addresses: told of overdue and unclaimed reports. */
  adminEmails?: readonly string[];
}

export function createAlerts(deps: AlertsDeps) {
  const { db, dialect } = deps.database;
  const repository = alertsRepository(db);
  const outbox = outboxRepository(db, dialect);
  const endpoints = pushEndpointPolicy({ testService: deps.push?.testService });
  const push =
    deps.pushSender ??
    webPushSender({
      vapid: deps.push?.vapid ?? generateVapidKeys('mailto:no-reply@cleanupedinburgh.org'),
      endpoints,
      trustEnv: deps.push?.trustEnv,
      timeoutMs: deps.push?.timeoutMs,
    });
  const digestHour = deps.digestHour ?? 18;
  const jobs = alertJobs({
    db,
    repository,
    outbox,
    clock: deps.clock,
    mailer: deps.mailer,
    push,
    publicUrl: deps.publicUrl,
    digestHour,
    log: deps.log,
  });
  const service = alertsService({
    repository,
    outbox,
    clock: deps.clock,
    vapidPublicKey: push.publicKey,
    digestHour,
    endpointProblem: endpoints.problemWith,
  });
  const adminHandlers = adminEscalationJobs({
    db,
    repository,
    mailer: deps.mailer,
    push,
    publicUrl: deps.publicUrl,
    adminEmails: deps.adminEmails ?? [],
    clock: deps.clock,
  });
  return {
    service,
    jobs: { ...jobs, handlers: { ...jobs.handlers, ...adminHandlers } },
    enqueueReportAlert,
    enqueueEscalation,
  };
}
