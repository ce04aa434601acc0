// Referring a report to the body responsible for the wall (from the bodies the operator configures):
// the referral is queued in the durable outbox in its own transaction and sent by the worker, retried
// with back-off until the body takes it, and sent once. The body's own request id is kept; a periodic
// job asks the body for each sent request's status, and when the body closes it our report is marked
// cleaned (the reporter's follow-up e-mail then goes as for any clean-up), once.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '#server/clock.ts';
import type { ResponsibleBodyConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { AppError } from '#server/errors.ts';
import { enqueueJob, payloadOf, type OutboxJobs, type PeriodicJob } from '#server/jobs/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { mailOf } from '#server/mail/mail-body.ts';
import { findReportById, reportsRepository } from '#server/features/reports/index.ts';
import { referralMessages, type Referral, type ResponsibleBody } from '#shared/contracts/open311-partners.ts';
import { CouncilError, type CouncilClient } from './council-client.ts';
import { publicPhotoUrl, serviceCodeOf } from './open311.service.ts';
import type { ReferralRow, ReferralsRepository } from './referrals.repository.ts';

export const REFERRAL_JOB = 'report-referral';
const referralJobSchema = z.object({ referralId: z.number().int() });

/** Sent requests asked about per run of the status job. */
const CHECKS_PER_RUN = 50;

export interface ReferralsDeps {
  db: Db;
  repository: ReferralsRepository;
  bodies: ResponsibleBodyConfig[];
  council: CouncilClient;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  operatorName: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How often the bodies are asked about sent requests. */
  checkEveryMs?: number;
}

function toReferral(row: ReferralRow): Referral {
  return {
    id: row.id,
    reportId: row.report_id,
    bodyId: row.body_id,
    bodyName: row.body_name,
    state: row.state,
    remoteId: row.remote_id,
    lastAnswer: row.last_answer,
    referredAt: toIso(row.referred_at),
    sentAt: toIsoOrNull(row.sent_at),
    checkedAt: toIsoOrNull(row.checked_at),
    closedAt: toIsoOrNull(row.closed_at),
  };
}

export function referralsService({
  db,
  repository,
  bodies,
  council,
  mailer,
  clock,
  publicUrl,
  operatorName,
  log,
  checkEveryMs = 10 * 60_000,
}: ReferralsDeps) {
  const reports = reportsRepository(db);
  const bodyById = new Map(bodies.map((body) => [body.id, body]));
  const now = () => clock.now().toISOString();

  /** What the body is told: the place, the kind, the public photo; nothing the reporter typed. */
  async function send(row: ReferralRow): Promise<void> {
    const body = bodyById.get(row.body_id);
    const report = await findReportById(db, row.report_id);
    if (!body || !report) {
      await repository.markTried(
        row.id,
        body ? 'The report was deleted.' : 'The body is no longer in the settings.',
        true,
      );
      return;
    }
    const code = serviceCodeOf(report);
    const photo = publicPhotoUrl(publicUrl, report);
    const description = `${code === 'graffiti-offensive' ? 'Offensive graffiti' : 'Graffiti'} reported to ${operatorName} (report ${report.id}) at ///${report.what3words}. Volunteers may not clean it without the owner's consent.`;
    if (body.open311) {
      const fields: Record<string, string> = {
        service_code: body.open311.serviceCodes[code],
        address_string: `///${report.what3words}`,
        description,
        ...(report.latitude !== null && report.longitude !== null
          ? { lat: String(report.latitude), long: String(report.longitude) }
          : {}),
        ...(photo ? { media_url: photo } : {}),
      };
      const remoteId = await council.post(body.open311, fields);
      await repository.markSent(row.id, remoteId, `Accepted as request ${remoteId}.`, now());
      return;
    }
    await mailer.send(
      mailOf({
        to: body.email!,
        subject: `Graffiti for ${body.name} to clean: report ${report.id}`,
        body: [
          [description],
          [`Where: https://what3words.com/${report.what3words}`],
          ...(photo ? [[`Photo: ${photo}`]] : []),
          [`Please reply to ${operatorName} when it has been cleaned.`],
        ],
      }),
    );
    await repository.markSent(row.id, null, `E-mailed to ${body.email}.`, now());
  }

  async function checkSent(): Promise<void> {
    for (const row of await repository.toCheck(CHECKS_PER_RUN)) {
      const body = bodyById.get(row.body_id);
      if (!body?.open311 || !row.remote_id) continue;
      let answer: { status: string; notes: string };
      try {
        answer = await council.status(body.open311, row.remote_id);
      } catch (error) {
        if (!(error instanceof CouncilError)) throw error;
        await repository.markChecked(row.id, `${body.name} ${error.message}.`, now());
        continue;
      }
      const words = `${answer.status || 'unknown'}${answer.notes ? `: ${answer.notes}` : ''}`;
      if (answer.status !== 'closed') {
        await repository.markChecked(row.id, words, now());
        continue;
      }
      // Closed by the owner: the referral and the report change together, once.
      await reports.transaction(async (trx) => {
        const at = now();
        if (!(await repository.close(row.id, words, at, trx))) return;
        const report = await findReportById(trx, row.report_id);
        if (report && report.status !== 'completed') await reports.setStatus(row.report_id, 'completed', null, at, trx);
      });
      log.info({ referralId: row.id, reportId: row.report_id }, 'report closed by its owner');
    }
  }

  return {
    bodies: (): ResponsibleBody[] =>
      bodies.map((body) => ({ id: body.id, name: body.name, via: body.open311 ? 'open311' : 'email' })),

    list: async (): Promise<Referral[]> => (await repository.list()).map(toReferral),

    async refer(reportId: number, bodyId: string): Promise<Referral> {
      const body = bodyById.get(bodyId);
      if (!body) throw new AppError(400, referralMessages.unknownBody);
      const report = await findReportById(db, reportId);
      if (!report) throw new AppError(404, referralMessages.unknownReport);
      if (report.status === 'completed') throw new AppError(409, referralMessages.completed);
      const at = now();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repository.insert({ reportId, bodyId, bodyName: body.name, now: at }, trx);
        if (!inserted) return undefined;
        await enqueueJob(trx, {
          kind: REFERRAL_JOB,
          payload: { referralId: inserted.id },
          runAfter: at,
          now: at,
          dedupeKey: `referral:${inserted.id}`,
        });
        return inserted;
      });
      if (!row) throw new AppError(409, referralMessages.alreadyReferred);
      return toReferral(row);
    },

    /** Reports referred and not yet closed by their owner: not offered to volunteers. */
    withheldReportIds: () => repository.openReportIds(),

    /** The body that cleaned each report closed by its owner. */
    closedBy: (reportIds: readonly number[]) => repository.closedBy(reportIds),

    jobs: {
      handlers: {
        async [REFERRAL_JOB](job) {
          const { referralId } = payloadOf(job, referralJobSchema);
          const row = await repository.find(referralId);
          // Sent already (or closed): never twice.
          if (!row || (row.state !== 'waiting' && row.state !== 'failed')) return;
          try {
            await send(row);
          } catch (error) {
            const reason = error instanceof CouncilError ? `${row.body_name} ${error.message}.` : 'Could not be sent.';
            await repository.markTried(row.id, `${reason} Trying again later.`, false);
            throw error;
          }
        },
      },
    } satisfies OutboxJobs,

    statusJob: { name: 'referral-status', everyMs: checkEveryMs, run: checkSent } satisfies PeriodicJob,
    checkSent,
  };
}

export type ReferralsService = ReturnType<typeof referralsService>;
