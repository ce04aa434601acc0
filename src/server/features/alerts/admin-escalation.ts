// Telling the administrators of reports that need them: a report past its due time, and offensive
// graffiti nobody has claimed soon after it was reported. The reports feature decides which reports
// and queues one 'admin-escalation' job (in the transaction that marks them told); that job queues
// one e-mail per administrator's address and one push per device of an administrator who signs in
// as a volunteer, each its own job, so a retry sends nothing twice.
import { z } from 'zod';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { mailMessageSchema, type Mailer, type MailMessage } from '#server/mail/mailer.ts';
import { enqueueJob, type ClaimedJob } from '#server/jobs/outbox.repository.ts';
import { payloadOf, type JobHandler, type JobOutcome } from '#server/jobs/outbox-worker.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { routes } from '#shared/routes.ts';
import type { AlertPushPayload } from '#shared/contracts/alerts.ts';
import type { AlertsRepository } from './alerts.repository.ts';

export const ADMIN_JOB = {
  escalation: 'admin-escalation',
  email: 'admin-email',
  push: 'admin-push',
} as const;

const escalatedSchema = z.object({
  id: z.number(),
  what3words: z.string(),
  reason: z.enum(['overdue', 'unclaimed']),
  dueAt: z.string().nullable(),
});
export type EscalatedReport = z.infer<typeof escalatedSchema>;

const escalationPayloadSchema = z.object({
  /** 'instant': a few reports as they fell due; 'summary': many at once, told in one daily message. */
  kind: z.enum(['instant', 'summary']),
  reports: z.array(escalatedSchema),
  /** How many there were (a summary lists only the first ones). */
  total: z.number(),
});
export type EscalationPayload = z.infer<typeof escalationPayloadSchema>;
const emailPayloadSchema = z.object({ message: mailMessageSchema });
const pushPayloadSchema = z.object({ subscriptionId: z.number(), payload: z.string() });

/** Queues the administrators' message about these reports, in the caller's transaction. */
export async function enqueueEscalation(trx: Db, payload: EscalationPayload, now: string): Promise<void> {
  await enqueueJob(trx, { kind: ADMIN_JOB.escalation, payload, now });
}

const LISTED = 50;

function line(report: EscalatedReport, publicUrl: string): string {
  const why =
    report.reason === 'overdue'
      ? `overdue since ${report.dueAt ? formatDateTime(report.dueAt) : 'its due time'}`
      : 'offensive, not claimed within 2 hours';
  return `#${report.id} ///${report.what3words}: ${why} (${publicUrl}${routes.adminDashboard})`;
}

export function escalationSubject(payload: EscalationPayload): string {
  if (payload.kind === 'summary') return `${payload.total} reports need attention today`;
  if (payload.total === 1) {
    const only = payload.reports[0]!;
    return only.reason === 'overdue'
      ? `Report #${only.id} is overdue`
      : `Offensive report #${only.id} has not been claimed`;
  }
  return `${payload.total} reports need attention`;
}

function escalationEmail(payload: EscalationPayload, to: string, publicUrl: string): MailMessage {
  const listed = payload.reports.slice(0, LISTED);
  const more = payload.total - listed.length;
  const text = [
    payload.kind === 'summary'
      ? 'Many reports fell due together, so they are told in one message instead of one each:'
      : 'These reports need attention:',
    '',
    ...listed.map((report) => line(report, publicUrl)),
    ...(more > 0 ? ['', `and ${more} more: filter the management list by "Overdue only".`] : []),
  ].join('\n');
  return { to, subject: escalationSubject(payload), text };
}

export function adminEscalationJobs(deps: {
  db: Db;
  repository: AlertsRepository;
  mailer: Mailer;
  push: { send(target: { endpoint: string; p256dh: string; auth: string }, payload: string): Promise<unknown> };
  publicUrl: string;
  adminEmails: readonly string[];
  clock: Clock;
}) {
  const { db, repository, mailer, push, publicUrl, adminEmails, clock } = deps;

  async function fanOut(job: ClaimedJob): Promise<JobOutcome> {
    const payload = payloadOf(job, escalationPayloadSchema);
    const devices = await repository.subscriptionsOfAddresses(adminEmails);
    const notice: AlertPushPayload = {
      title: escalationSubject(payload),
      body: payload.reports
        .slice(0, 3)
        .map((report) => `///${report.what3words}`)
        .join(', '),
      icon: null,
      image: null,
      url: routes.adminDashboard,
      tag: 'reports-need-attention',
      reports: payload.reports.slice(0, 10).map(({ id, what3words }) => ({ id, what3words })),
    };
    await db.transaction().execute(async (trx) => {
      const now = clock.now().toISOString();
      for (const to of adminEmails)
        await enqueueJob(trx, {
          kind: ADMIN_JOB.email,
          payload: { message: escalationEmail(payload, to, publicUrl) },
          now,
        });
      for (const device of devices)
        await enqueueJob(trx, {
          kind: ADMIN_JOB.push,
          payload: { subscriptionId: device.id, payload: JSON.stringify(notice) },
          now,
        });
    });
  }

  async function sendEmail(job: ClaimedJob): Promise<JobOutcome> {
    await mailer.send(payloadOf(job, emailPayloadSchema).message);
  }

  async function sendPush(job: ClaimedJob): Promise<JobOutcome> {
    const { subscriptionId, payload } = payloadOf(job, pushPayloadSchema);
    const subscription = await repository.findSubscription(subscriptionId);
    if (!subscription) return;
    await push.send(subscription, payload);
  }

  const handlers: Record<string, JobHandler> = {
    [ADMIN_JOB.escalation]: fanOut,
    [ADMIN_JOB.email]: sendEmail,
    [ADMIN_JOB.push]: sendPush,
  };
  return handlers;
}
