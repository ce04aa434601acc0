// Safety and consent before a claim: each volunteer's acceptance of the operator's safety briefing
// (the London year it was last accepted in, and when) and the age band they confirmed once; and the
// reports on private property that wait for the owner's consent, with who gave it and when.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('volunteer_safety')
    .addColumn('volunteer_id', 'integer', (c) => c.primaryKey().references('volunteers.id').onDelete('cascade'))
    // The London calendar year of the latest acceptance: a new year asks again.
    .addColumn('briefing_year', 'integer', (c) => c.notNull())
    .addColumn('accepted_at', k.timestamp, (c) => c.notNull())
    .addColumn('age_band', 'text', (c) => c.notNull().check(sql`age_band in ('under-16', '16-or-over')`))
    .execute();

  await db.schema
    .createTable('report_owner_consents')
    .addColumn('report_id', 'integer', (c) => c.primaryKey().references('reports.id').onDelete('cascade'))
    .addColumn('marked_at', k.timestamp, (c) => c.notNull())
    // Null until an administrator records the owner's consent; the site is withheld until then.
    .addColumn('given_by', 'text')
    .addColumn('given_at', k.timestamp)
    .addColumn('recorded_at', k.timestamp)
    .execute();
}
