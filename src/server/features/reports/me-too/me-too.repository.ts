// The only writer of report_me_toos: one row per device per report, inserted in the reports
// repository's transaction that counts it on the report.
import { sql } from 'kysely';
import type { Db } from '#server/db/client.ts';

export function meTooRepository(db: Db) {
  return {
    /** Whether this device has said 'Me too' for the report already. */
    async exists(reportId: number, deviceHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('report_me_toos')
        .select('id')
        .where('report_id', '=', reportId)
        .where('device_hash', '=', deviceHash)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Keeps the device's 'Me too'; false when it had said it already (the unique key decides, at once). */
    async insert(reportId: number, deviceHash: string, now: string, trx: Db): Promise<boolean> {
      const row = await trx
        .insertInto('report_me_toos')
        .values({ report_id: reportId, device_hash: deviceHash, created_at: now })
        .onConflict((oc) => oc.columns(['report_id', 'device_hash']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many were said since `since` (across the service), and when the oldest of them was. */
    async countSince(since: string): Promise<{ count: number; oldest: string | null }> {
      const row = await db
        .selectFrom('report_me_toos')
        .select([sql<string | number>`count(*)`.as('n'), sql<string | Date | null>`min(created_at)`.as('oldest')])
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), oldest: row.oldest === null ? null : new Date(row.oldest).toISOString() };
    },
  };
}
