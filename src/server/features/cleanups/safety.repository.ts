// The only writer of volunteer_safety (a volunteer's briefing year and age band) and
// report_owner_consents (a report marked as needing its owner's consent, and who gave it). A write to
// a consent takes the transaction of the reports repository, which dates the report with it.
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/client.ts';
import type { AgeBand } from '#shared/contracts/safety.ts';
import type { ReportOwnerConsentsTable } from '#server/db/tables.ts';

export type ConsentRow = Selectable<ReportOwnerConsentsTable>;

export function safetyRepository(db: Db) {
  return {
    safetyOf(volunteerId: number) {
      return db.selectFrom('volunteer_safety').selectAll().where('volunteer_id', '=', volunteerId).executeTakeFirst();
    },

    /** Records this year's acceptance; the age band is written only the first time. */
    async accept(volunteerId: number, year: number, now: string, ageBand: AgeBand): Promise<void> {
      await db
        .insertInto('volunteer_safety')
        .values({ volunteer_id: volunteerId, briefing_year: year, accepted_at: now, age_band: ageBand })
        .onConflict((oc) => oc.column('volunteer_id').doUpdateSet({ briefing_year: year, accepted_at: now }))
        .execute();
    },

    async withheldReportIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('report_owner_consents')
        .select('report_id')
        .where('given_at', 'is', null)
        .execute();
      return rows.map((row) => row.report_id);
    },

    async markNeeded(reportId: number, needed: boolean, now: string, trx: Db): Promise<ConsentRow | undefined> {
      if (needed) {
        await trx
          .insertInto('report_owner_consents')
          .values({ report_id: reportId, marked_at: now })
          .onConflict((oc) => oc.column('report_id').doNothing())
          .execute();
      } else {
        await trx.deleteFrom('report_owner_consents').where('report_id', '=', reportId).execute();
      }
      return trx.selectFrom('report_owner_consents').selectAll().where('report_id', '=', reportId).executeTakeFirst();
    },

    /** Records who gave consent and when; undefined when the report is not marked as needing it. */
    recordConsent(reportId: number, givenBy: string, givenAt: string, now: string, trx: Db) {
      return trx
        .updateTable('report_owner_consents')
        .set({ given_by: givenBy, given_at: givenAt, recorded_at: now })
        .where('report_id', '=', reportId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
