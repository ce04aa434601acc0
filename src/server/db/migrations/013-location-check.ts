// Whether a report's typed location has been checked with the location provider: 'checked' (placed, or
// kept where the device or photo put it), 'to-check' (the provider could not be reached; the background
// placement job tries again), or 'not-found' (the provider later said the words name no place in the
// city). Reports stored before this without coordinates are queued for placement once.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, _k: ColumnKit): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('location_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('checked')
        .check(sql`location_status in ('checked', 'to-check', 'not-found')`),
    )
    .execute();
  await db.schema.createIndex('reports_location_status').on('reports').column('location_status').execute();

  const now = new Date().toISOString();
  await sql`update reports set location_status = 'to-check' where latitude is null`.execute(db);
  await sql`insert into outbox (kind, payload, attempts, run_after, created_at)
    select 'report-placement', '{"reportId":' || id || '}', 0, ${now}, ${now}
    from reports where latitude is null`.execute(db);
}
