// The only writer of report_referrals: a report referred to the body responsible for it, what the body
// answered (its own request id, its last status), and where the referral stands.
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { ReportReferralsTable } from '#server/db/tables.ts';

export type ReferralRow = Selectable<ReportReferralsTable>;

export function referralsRepository(db: Db) {
  return {
    async insert(
      referral: { reportId: number; bodyId: string; bodyName: string; now: string },
      trx: Db,
    ): Promise<ReferralRow | undefined> {
      return trx
        .insertInto('report_referrals')
        .values({
          report_id: referral.reportId,
          body_id: referral.bodyId,
          body_name: referral.bodyName,
          state: 'waiting',
          referred_at: referral.now,
        })
        .onConflict((oc) => oc.column('report_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    find: (id: number) => db.selectFrom('report_referrals').selectAll().where('id', '=', id).executeTakeFirst(),

    ofReport: (reportId: number) =>
      db.selectFrom('report_referrals').selectAll().where('report_id', '=', reportId).executeTakeFirst(),

    /** The newest first, at most 500. */
    list: () => db.selectFrom('report_referrals').selectAll().orderBy('id', 'desc').limit(500).execute(),

    /** Reports referred and not yet closed: not offered to volunteers. */
    async openReportIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('report_referrals')
        .select('report_id')
        .where('state', 'in', ['waiting', 'sent', 'failed'])
        .execute();
      return rows.map((row) => row.report_id);
    },

    /** Sent referrals with an Open311 request id, the least recently checked first. */
    toCheck: (limit: number) =>
      db
        .selectFrom('report_referrals')
        .selectAll()
        .where('state', '=', 'sent')
        .where('remote_id', 'is not', null)
        .orderBy('checked_at', 'asc')
        .orderBy('id', 'asc')
        .limit(limit)
        .execute(),

    /** Records a try; the referral is sent only once (a second success changes nothing). */
    async markSent(id: number, remoteId: string | null, answer: string, now: string): Promise<boolean> {
      const result = await db
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
        .where('state', 'in', ['waiting', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markTried(id: number, answer: string, failed: boolean): Promise<void> {
      await db
        .updateTable('report_referrals')
        .set((eb) => ({
          last_answer: answer,
          attempts: eb('attempts', '+', 1),
          ...(failed ? { state: 'failed' } : {}),
        }))
        .where('id', '=', id)
        .where('state', 'in', ['waiting', 'failed'])
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
