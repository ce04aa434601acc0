// Indexes for the management list's priority filter and 'Priority first': each group of reports
// (priority or not), with or without a status filter, is read in either sort's order straight
// from an index, as the keyset paging of the list expects.
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, _k: ColumnKit): Promise<void> {
  for (const column of ['reported_at', 'completed_at'] as const) {
    const name = column.replace('_at', '');
    await db.schema
      .createIndex(`reports_priority_${name}_id`)
      .ifNotExists()
      .on('reports')
      .columns(['priority', column, 'id'])
      .execute();
    await db.schema
      .createIndex(`reports_status_priority_${name}_id`)
      .ifNotExists()
      .on('reports')
      .columns(['status', 'priority', column, 'id'])
      .execute();
  }
}
