// The only writer of report_referrals and referral_update_reads: a report referred to the body
// responsible for it, what the body answered (its own request id, its last status), where the
// referral stands, and how far each body's servicerequestupdates.xml has been read.
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import { toIso, type ReportReferralsTable } from '#server/db/tables.ts';

export type ReferralRow = Selectable<ReportReferralsTable>;

/** Referred and not yet given back: the report waits for its owner (withheld from volunteers). */
const WITHHELD = ['waiting', 'sent', 'failed'] as const;
/** On the owner's clock: on its way to the owner, or with it. */
const OWNERS_CLOCK = ['waiting', 'sent'] as const;

export function referralsRepository(db: Db) {
  async function reportIdsIn(states: readonly ReferralRow['state'][]): Promise<number[]> {
    const rows = await db
      .selectFrom('report_referrals')
      .select('report_id')
      .where('state', 'in', [...states])
      .execute();
    return rows.map((row) => row.report_id);
  }

  return {
    async insert(
      referral: { reportId: number; bodyId: string; bodyName: string; now: string },
      trx: Db,
    ): Promise<ReferralRow | undefined> {
      return (
        trx
          .insertInto('report_referrals')
          .values({
            report_id: referral.reportId,
            body_id: referral.bodyId,
            body_name: referral.bodyName,
            state: 'waiting',
            referred_at: referral.now,
          })
          // A report whose referral was withdrawn may be referred again, to any body, as new.
          .onConflict((oc) =>
            oc
              .column('report_id')
              .doUpdateSet({
                body_id: referral.bodyId,
                body_name: referral.bodyName,
                state: 'waiting',
                remote_id: null,
                last_answer: null,
                attempts: 0,
                referred_at: referral.now,
                sent_at: null,
                checked_at: null,
                closed_at: null,
              })
              .where('report_referrals.state', '=', 'withdrawn'),
          )
          .returningAll()
          .executeTakeFirst()
      );
    },

    find: (id: number) => db.selectFrom('report_referrals').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The newest first, at most 500. */
    list: () => db.selectFrom('report_referrals').selectAll().orderBy('id', 'desc').limit(500).execute(),

    /** Reports referred and not yet closed: not offered to volunteers. */
    openReportIds: () => reportIdsIn(WITHHELD),

    /** Reports on their owner's clock (referred, and on the way to the owner or with it). */
    ownersClockReportIds: () => reportIdsIn(OWNERS_CLOCK),

    /** The referral of each of these reports that has not been withdrawn. */
    async ofReports(reportIds: readonly number[]): Promise<Map<number, Pick<ReferralRow, 'body_name' | 'state'>>> {
      if (reportIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('report_referrals')
        .select(['report_id', 'body_name', 'state'])
        .where('report_id', 'in', [...reportIds])
        .where('state', '!=', 'withdrawn')
        .execute();
      return new Map(rows.map((row) => [row.report_id, row]));
    },

    /**
     * Sent referrals with an Open311 request id, the least recently checked first, except those of
     * the bodies named (read through their servicerequestupdates instead).
     */
    toCheck: (limit: number, exceptBodies: readonly string[] = []) =>
      db
        .selectFrom('report_referrals')
        .selectAll()
        .where('state', '=', 'sent')
        .where('remote_id', 'is not', null)
        .$if(exceptBodies.length > 0, (q) => q.where('body_id', 'not in', [...exceptBodies]))
        .orderBy('checked_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute(),

    /** Records a try; the referral is sent only once (a second success changes nothing). */
    async markSent(id: number, remoteId: string | null, answer: string, now: string): Promise<void> {
      await db
        .updateTable('report_referrals')
        .set((eb) => ({
          state: 'sent',
          remote_id: remoteId,
          last_answer: answer,
          sent_at: now,
          checked_at: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('state', '=', 'waiting')
        .execute();
    },

    /** Records a try that failed and will be made again. */
    async markTried(id: number, answer: string): Promise<void> {
      await db
        .updateTable('report_referrals')
        .set((eb) => ({ last_answer: answer, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('state', '=', 'waiting')
        .execute();
    },

    /** Gives a referral up (the outbox stopped trying, or the body refused it), once: true for the call that did. */
    async markFailed(id: number, answer: string, now: string, trx: Db): Promise<boolean> {
      const result = await trx
        .updateTable('report_referrals')
        .set((eb) => ({ state: 'failed', last_answer: answer, checked_at: now, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('state', 'in', ['waiting', 'sent'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A referral given up, to be sent again: back to waiting (the caller queues its job). */
    async resend(id: number, trx: Db): Promise<ReferralRow | undefined> {
      return trx
        .updateTable('report_referrals')
        .set({ state: 'waiting', remote_id: null, sent_at: null })
        .where('id', '=', id)
        .where('state', '=', 'failed')
        .returningAll()
        .executeTakeFirst();
    },

    /** Withdrawn by an administrator (given up, or with the owner): the report is ours again. */
    async withdraw(id: number, answer: string, now: string, trx: Db): Promise<ReferralRow | undefined> {
      return trx
        .updateTable('report_referrals')
        .set({ state: 'withdrawn', last_answer: answer, checked_at: now })
        .where('id', '=', id)
        .where('state', 'in', ['failed', 'sent'])
        .returningAll()
        .executeTakeFirst();
    },

    /** A body's sent referrals among these request ids of its own. */
    sentWithRemoteIds: (bodyId: string, remoteIds: readonly string[]) =>
      remoteIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('report_referrals')
            .selectAll()
            .where('body_id', '=', bodyId)
            .where('state', '=', 'sent')
            .where('remote_id', 'in', [...remoteIds])
            .execute(),

    /** When the oldest of a body's sent referrals was sent; none while it has none. */
    async oldestSentAt(bodyId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('report_referrals')
        .select('sent_at')
        .where('body_id', '=', bodyId)
        .where('state', '=', 'sent')
        .where('sent_at', 'is not', null)
        .orderBy('sent_at', 'asc')
        .limit(1)
        .executeTakeFirst();
      return row?.sent_at ? toIso(row.sent_at) : undefined;
    },

    async updatesReadUntil(bodyId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('referral_update_reads')
        .select('read_until')
        .where('body_id', '=', bodyId)
        .executeTakeFirst();
      return row ? toIso(row.read_until) : undefined;
    },

    async setUpdatesReadUntil(bodyId: string, at: string): Promise<void> {
      await db
        .insertInto('referral_update_reads')
        .values({ body_id: bodyId, read_until: at })
        .onConflict((oc) => oc.column('body_id').doUpdateSet({ read_until: at }))
        .execute();
    },

    async markChecked(id: number, answer: string, now: string): Promise<void> {
      await db
        .updateTable('report_referrals')
        .set({ last_answer: answer, checked_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Closes a sent referral, once: true only for the call that closed it. */
    async close(id: number, answer: string, now: string, trx: Db): Promise<boolean> {
      const result = await trx
        .updateTable('report_referrals')
        .set({ state: 'closed', last_answer: answer, checked_at: now, closed_at: now })
        .where('id', '=', id)
        .where('state', '=', 'sent')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The body that cleaned each of these reports, for those closed by their owner. */
    async closedBy(reportIds: readonly number[]): Promise<Map<number, string>> {
      if (reportIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('report_referrals')
        .select(['report_id', 'body_name'])
        .where('state', '=', 'closed')
        .where('report_id', 'in', [...reportIds])
        .execute();
      return new Map(rows.map((row) => [row.report_id, row.body_name]));
    },
  };
}

export type ReferralsRepository = ReturnType<typeof referralsRepository>;
