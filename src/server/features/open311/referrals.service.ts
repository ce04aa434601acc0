// Referring a report to the body responsible for the wall (from the bodies the operator configures):
// the referral is queued in the durable outbox in its own transaction and sent by the worker, retried
// with back-off until the body takes it, and sent once. The body's own request id is kept; a periodic
// job asks the body for each sent request's status (or, from a body that offers FixMyStreet's
// servicerequestupdates, reads every request's updates in one call), and when the body closes it our
// report is marked cleaned (the reporter's follow-up e-mail then goes as for any clean-up), once. A
// referral the body refuses, turns down, or that cannot be sent within GIVE_UP_AFTER_MS is given up
// ('failed'): an administrator sends it again or withdraws it, and a withdrawn report is ours again.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '#server/clock.ts';
import type { ResponsibleBodyConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { toIso, toIsoOrNull } from '#server/db/tables.ts';
import { AppError } from '#server/errors.ts';
import {
  enqueueJob,
  payloadOf,
  PermanentJobError,
  type ClaimedJob,
  type OutboxJobs,
  type PeriodicJob,
} from '#server/jobs/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { mailOf } from '#server/mail/mail-body.ts';
import { findReportById, reportsRepository } from '#server/features/reports/index.ts';
import { referralMessages, type Referral, type ResponsibleBody } from '#shared/contracts/open311-partners.ts';
import { CouncilError, type CouncilClient, type RequestUpdate } from './council-client.ts';
import { publicPhotoUrl, serviceCodeOf } from './open311.service.ts';
import type { ReferralRow, ReferralsRepository } from './referrals.repository.ts';

export const REFERRAL_JOB = 'report-referral';
const referralJobSchema = z.object({ referralId: z.number().int() });

/** Sent requests asked about per run of the status job. */
const CHECKS_PER_RUN = 50;

/**
 * A referral not taken by its body this long after it was queued is given up and shown to the
 * administrators. Shorter than the outbox's own 24 hours by more than its longest wait between tries,
 * so the referral, not the outbox, decides, and a last try is always made first.
 */
export const GIVE_UP_AFTER_MS = 22 * 3_600_000;

/** servicerequestupdates read again from this long before the last read's end, for clocks that differ. */
const UPDATES_OVERLAP_MS = 10 * 60_000;
/** A body that offers updates and has never been read is first asked for this long back (FixMyStreet's own). */
const UPDATES_FIRST_WINDOW_MS = 2 * 3_600_000;

/** A body's status, `_` read as a space: FixMyStreet's statuses that mean the graffiti is gone... */
const CLOSING = new Set(['closed', 'fixed']);
/** ...and those that mean the body will not clean it. */
const DECLINING = new Set(['not councils responsibility', 'no further action']);
const statusOf = (status: string) => status.toLowerCase().replace(/_/g, ' ').trim();

type Open311Body = ResponsibleBodyConfig & { open311: NonNullable<ResponsibleBodyConfig['open311']> };

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
      await giveUp(row, body ? 'The report was deleted.' : 'The body is no longer in the settings.');
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

  /** What a body said of a sent request: closed, turned down, or anything else (kept in words). */
  async function answered(row: ReferralRow, rawStatus: string, notes: string): Promise<void> {
    const status = statusOf(rawStatus);
    const words = `${status || 'unknown'}${notes ? `: ${notes}` : ''}`;
    if (CLOSING.has(status)) {
      // Closed by the owner: the referral and the report change together, once.
      await reports.transaction(async (trx) => {
        const at = now();
        if (!(await repository.close(row.id, words, at, trx))) return;
        const report = await findReportById(trx, row.report_id);
        if (report && report.status !== 'completed') await reports.setStatus(row.report_id, 'completed', null, at, trx);
      });
      log.info({ referralId: row.id, reportId: row.report_id }, 'report closed by its owner');
      return;
    }
    if (DECLINING.has(status)) {
      await giveUp(row, `${row.body_name} turned it down: ${words}`);
      return;
    }
    await repository.markChecked(row.id, words, now());
  }

  /** Gives a referral up and dates its report's change (the card shows it), once. */
  async function giveUp(row: ReferralRow, answer: string): Promise<void> {
    await reports.transaction(async (trx) => {
      const at = now();
      if (await repository.markFailed(row.id, answer, at, trx)) await reports.touch(row.report_id, at, trx);
    });
    log.warn({ referralId: row.id, reportId: row.report_id, answer }, 'referral given up');
  }

  /** A body's servicerequestupdates from where the last read ended (a little before) to now. */
  async function readUpdates(body: Open311Body) {
    const oldestSent = await repository.oldestSentAt(body.id);
    if (!oldestSent) return; // nothing of ours is with the body
    const end = clock.now();
    const readUntil = await repository.updatesReadUntil(body.id);
    const from = Math.max(
      Date.parse(oldestSent) - UPDATES_OVERLAP_MS,
      readUntil ? Date.parse(readUntil) - UPDATES_OVERLAP_MS : end.getTime() - UPDATES_FIRST_WINDOW_MS,
    );
    let updates: RequestUpdate[];
    try {
      updates = await council.updates(body.open311, new Date(Math.min(from, end.getTime())), end);
    } catch (error) {
      if (!(error instanceof CouncilError)) throw error;
      log.warn({ bodyId: body.id, err: error }, 'servicerequestupdates not read');
      return;
    }
    // As FixMyStreet reads them: only updates dated within the window asked for, oldest first.
    const inWindow = updates
      .filter((u) => u.updatedAt >= from && u.updatedAt <= end.getTime())
      .sort((a, b) => a.updatedAt - b.updatedAt);
    const sent = await repository.sentWithRemoteIds(body.id, [...new Set(inWindow.map((u) => u.serviceRequestId))]);
    const byRemoteId = new Map(sent.map((row) => [row.remote_id!, row]));
    const done = new Set<number>();
    for (const update of inWindow) {
      const row = byRemoteId.get(update.serviceRequestId);
      if (!row || done.has(row.id)) continue;
      // A closing or a turning down ends the referral; later updates of the same run are not read.
      const status = statusOf(update.status);
      if (CLOSING.has(status) || DECLINING.has(status)) done.add(row.id);
      await answered(row, update.status, update.description);
    }
    await repository.setUpdatesReadUntil(body.id, end.toISOString());
  }

  async function checkSent(): Promise<void> {
    const withUpdates = bodies.filter((body): body is Open311Body => Boolean(body.open311?.serviceRequestUpdates));
    for (const body of withUpdates) await readUpdates(body);
    const readAlready = withUpdates.map((body) => body.id);
    const rows = await repository.toCheck(CHECKS_PER_RUN, readAlready);
    for (const row of rows) {
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
      await answered(row, answer.status, answer.notes);
    }
  }

  /** Why a referral could not be resent or withdrawn: there is none, or it is not in a state that allows it. */
  async function refusal(id: number, message: string): Promise<AppError> {
    return (await repository.find(id))
      ? new AppError(409, message)
      : new AppError(404, referralMessages.unknownReferral);
  }

  /** Queues the sending of a referral (new, or given up and sent again) in the caller's transaction. */
  async function queue(trx: Db, row: ReferralRow, at: string): Promise<void> {
    await enqueueJob(trx, {
      kind: REFERRAL_JOB,
      payload: { referralId: row.id },
      runAfter: at,
      now: at,
      dedupeKey: `referral:${row.id}:${at}`,
    });
  }

  async function send_(job: ClaimedJob): Promise<void> {
    const { referralId } = payloadOf(job, referralJobSchema);
    const row = await repository.find(referralId);
    // Sent already (or closed, given up, withdrawn): never twice.
    if (!row || row.state !== 'waiting') return;
    try {
      await send(row);
    } catch (error) {
      const reason = error instanceof CouncilError ? `${row.body_name} ${error.message}.` : 'Could not be sent.';
      const refused = error instanceof CouncilError && error.refused;
      const tooLong = clock.now().getTime() - Date.parse(job.createdAt) >= GIVE_UP_AFTER_MS;
      if (refused || tooLong) {
        await giveUp(
          row,
          refused ? reason : `${reason} Given up after trying for ${GIVE_UP_AFTER_MS / 3_600_000} hours.`,
        );
        throw new PermanentJobError(reason);
      }
      await repository.markTried(row.id, `${reason} Trying again later.`);
      throw error;
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
      // The report's card shows whose clock it is on, so the report's change is dated with the referral.
      const row = await reports.transaction(async (trx) => {
        const inserted = await repository.insert({ reportId, bodyId, bodyName: body.name, now: at }, trx);
        if (!inserted) return undefined;
        await queue(trx, inserted, at);
        await reports.touch(reportId, at, trx);
        return inserted;
      });
      if (!row) throw new AppError(409, referralMessages.alreadyReferred);
      return toReferral(row);
    },

    /** A referral given up, sent again to the same body. */
    async resend(id: number): Promise<Referral> {
      const at = now();
      const row = await reports.transaction(async (trx) => {
        const waiting = await repository.resend(id, trx);
        if (!waiting) return undefined;
        await queue(trx, waiting, at);
        await reports.touch(waiting.report_id, at, trx);
        return waiting;
      });
      if (!row) throw await refusal(id, referralMessages.notFailed);
      return toReferral(row);
    },

    /** A referral given up, or with an owner who will not clean it soon, taken back: volunteers may clean it. */
    async withdraw(id: number): Promise<Referral> {
      const at = now();
      const row = await reports.transaction(async (trx) => {
        const withdrawn = await repository.withdraw(id, referralMessages.withdrawnAnswer, at, trx);
        if (withdrawn) await reports.touch(withdrawn.report_id, at, trx);
        return withdrawn;
      });
      if (!row) throw await refusal(id, referralMessages.notWithdrawable);
      return toReferral(row);
    },

    /** What each of these reports' referral (not withdrawn) shows on its card. */
    async marksOf(reportIds: readonly number[]): Promise<Map<number, { bodyName: string; state: Referral['state'] }>> {
      const rows = await repository.ofReports(reportIds);
      return new Map([...rows].map(([id, row]) => [id, { bodyName: row.body_name, state: row.state }]));
    },

    /** Reports on their owner's clock: not told to our administrators when late. */
    ownersClockReportIds: () => repository.ownersClockReportIds(),

    /** Reports referred and not yet closed by their owner: not offered to volunteers. */
    withheldReportIds: () => repository.openReportIds(),

    /** The body that cleaned each report closed by its owner. */
    closedBy: (reportIds: readonly number[]) => repository.closedBy(reportIds),

    jobs: {
      handlers: { [REFERRAL_JOB]: send_ },
    } satisfies OutboxJobs,

    statusJob: { name: 'referral-status', everyMs: checkEveryMs, run: checkSent } satisfies PeriodicJob,
    checkSent,
  };
}

export type ReferralsService = ReturnType<typeof referralsService>;
