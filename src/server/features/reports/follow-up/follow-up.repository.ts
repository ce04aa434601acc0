// The only place that reads and writes report_followers, and the reads of the follow-up pages (a
// report by its status token, open reports nearby); the reports' own columns change through the
// reports repository.
import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { deletedBy, type Db } from '#server/db/client.ts';
import type { ReportFollowersTable } from '#server/db/tables.ts';
import { findReportById, reportsRepository, type ReportRow } from '../reports.repository.ts';

export type FollowerRow = Selectable<ReportFollowersTable>;

export const newFollowerToken = () => randomBytes(32).toString('base64url');

/** Deletes the addresses that have waited longer than allowed; answers how many went. */
export const deleteFollowersBefore = (db: Db, before: string) =>
  deletedBy(db.deleteFrom('report_followers').where('created_at', '<', before));

export function followUpRepository(db: Db) {
  return {
    /** The report of a status link: the first reporter's, or one added with 'Add my photo to it'. */
    async findReportByToken(token: string): Promise<ReportRow | undefined> {
      const own = await db.selectFrom('reports').selectAll().where('status_token', '=', token).executeTakeFirst();
      if (own) return own;
      return db
        .selectFrom('reports')
        .selectAll('reports')
        .innerJoin('report_photos', 'report_photos.report_id', 'reports.id')
        .where('report_photos.status_token', '=', token)
        .executeTakeFirst();
    },

    findReport: (id: number) => findReportById(db, id),

    /** The newest clean-up of the report, or of its site when another report's clean-up completed it. */
    latestCleanup(report: Pick<ReportRow, 'id' | 'completed_by_cleanup_id'>) {
      const byId = report.completed_by_cleanup_id;
      return db
        .selectFrom('cleanups')
        .select('after_photo_key')
        .where((eb) => (byId === null ? eb('report_id', '=', report.id) : eb('id', '=', byId)))
        .orderBy('completed_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /**
     * 'Add my photo to it': the photo joins the report's photos with a status link of its own (the
     * reporter's), and the count grows, in one transaction.
     */
    async addConfirmation(
      reportId: number,
      photoKey: string,
      statusToken: string,
      now: string,
    ): Promise<ReportRow | undefined> {
      const reports = reportsRepository(db);
      return reports.transaction(async (trx) => {
        const updated = await reports.addReporter(reportId, now, trx);
        if (!updated) return undefined;
        await reports.addReporterPhoto(reportId, photoKey, statusToken, now, trx);
        return updated;
      });
    },

    /**
     * Keeps the address once per report, with the status link it came with; answers the row (new or
     * already there).
     */
    async addFollower(
      reportId: number,
      email: string,
      statusToken: string | null,
      now: string,
    ): Promise<{ row: FollowerRow; added: boolean }> {
      const inserted = await db
        .insertInto('report_followers')
        .values({
          report_id: reportId,
          email,
          status_token: statusToken,
          confirm_token: newFollowerToken(),
          unsubscribe_token: newFollowerToken(),
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['report_id', 'email']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, added: true };
      const row = await db
        .selectFrom('report_followers')
        .selectAll()
        .where('report_id', '=', reportId)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { row, added: false };
    },

    /** Whether the address already follows the report (asking again sends nothing). */
    async isFollowing(reportId: number, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('report_followers')
        .select('id')
        .where('report_id', '=', reportId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Addresses added since `since` (each was sent a confirm link), and when the oldest of them was:
     * to one address, or waiting to be confirmed for one report, or waiting to be confirmed anywhere.
     */
    async addedSince(
      since: string,
      which: { email: string } | { reportId: number; waiting: true } | { waiting: true },
    ): Promise<{ count: number; oldest: string | null }> {
      let query = db
        .selectFrom('report_followers')
        .select([sql<string>`count(*)`.as('n'), sql<string | Date | null>`min(created_at)`.as('oldest')])
        .where('created_at', '>', since);
      if ('email' in which) query = query.where('email', '=', which.email);
      if ('reportId' in which) query = query.where('report_id', '=', which.reportId);
      if ('waiting' in which) query = query.where('confirmed_at', 'is', null);
      const row = await query.executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest === null ? null : new Date(row.oldest).toISOString() };
    },

    findFollower(id: number): Promise<FollowerRow | undefined> {
      return db.selectFrom('report_followers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findFollowerBy(column: 'confirm_token' | 'unsubscribe_token', token: string): Promise<FollowerRow | undefined> {
      return db.selectFrom('report_followers').selectAll().where(column, '=', token).executeTakeFirst();
    },

    async confirm(id: number, now: string): Promise<void> {
      await db
        .updateTable('report_followers')
        .set({ confirmed_at: now })
        .where('id', '=', id)
        .where('confirmed_at', 'is', null)
        .execute();
    },

    async deleteFollower(id: number): Promise<void> {
      await db.deleteFrom('report_followers').where('id', '=', id).execute();
    },

    /** Confirmed addresses whose report is completed and who have not been told yet. */
    dueToBeTold(limit: number): Promise<Pick<FollowerRow, 'id'>[]> {
      return db
        .selectFrom('report_followers')
        .innerJoin('reports', 'reports.id', 'report_followers.report_id')
        .select('report_followers.id')
        .where('report_followers.confirmed_at', 'is not', null)
        .where('report_followers.notified_at', 'is', null)
        .where('reports.status', '=', 'completed')
        .orderBy('report_followers.id')
        .limit(limit)
        .execute();
    },

    /** Marks the follower as told; false if another worker got there first. */
    async claimNotification(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('report_followers')
        .set({ notified_at: now })
        .where('id', '=', id)
        .where('notified_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
