// 'Me too': anyone may confirm an open report instead of making another, once per device. Each
// confirmation is a row keyed by the report and a hash of the device's random id (never anything
// about the person); the report keeps how many it has (`me_too_count`, written by the reports
// repository with the confirmation) and the group 'Priority first' shows it in (`priority_rank`: 2
// offensive, 1 with a 'Me too', 0 the rest), so the list orders by an indexed column, not a count.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('me_too_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Derived by the database from the two columns the reports repository writes, so no write (nor a
  // seed or an import straight into the table) can leave it out of step. Stored on PostgreSQL; on
  // SQLite, which adds only virtual generated columns to a table, its indexes hold it.
  await db.schema
    .alterTable('reports')
    .addColumn('priority_rank', 'integer', (c) => {
      const derived = c.generatedAlwaysAs(sql`case when priority = 1 then 2 when me_too_count > 0 then 1 else 0 end`);
      return k.dialect === 'postgres' ? derived.stored() : derived;
    })
    .execute();

  await db.schema
    .createTable('report_me_toos')
    .addColumn('id', k.idType, k.id)
    .addColumn('report_id', 'integer', (c) =>
      c.notNull().references('reports.id').onDelete('cascade').onUpdate('cascade'),
    )
    // SHA-256 of the random id the browser keeps for itself: the same device twice is the same hash.
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('report_me_toos_report_device', ['report_id', 'device_hash'])
    .execute();
  // The limit across the service counts the last hour's confirmations.
  await db.schema.createIndex('report_me_toos_created').on('report_me_toos').column('created_at').execute();

  // Each group of 'Priority first', with or without a status filter, read in each sort's order
  // straight from an index (as 018 did for the two groups before).
  for (const [name, column] of [
    ['reported', 'reported_at'],
    ['completed', 'completed_at'],
    ['due', 'due_at'],
  ] as const) {
    await db.schema
      .createIndex(`reports_rank_${name}_id`)
      .on('reports')
      .columns(['priority_rank', column, 'id'])
      .execute();
    await db.schema
      .createIndex(`reports_status_rank_${name}_id`)
      .on('reports')
      .columns(['status', 'priority_rank', column, 'id'])
      .execute();
  }
}
