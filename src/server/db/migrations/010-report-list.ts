// Indexes for the management list at city scale: each status filter with each sort reads its page
// straight from an index in order (the keyset paging of the list).
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, _k: ColumnKit): Promise<void> {
  // (reported_at) alone is replaced by (reported_at, id): the sort's tie-break is part of the key.
  await db.schema.dropIndex('reports_reported_at').execute();
  await db.schema.createIndex('reports_reported_at_id').on('reports').columns(['reported_at', 'id']).execute();
  await db.schema
    .createIndex('reports_status_reported_at_id')
    .on('reports')
    .columns(['status', 'reported_at', 'id'])
    .execute();
  await db.schema.createIndex('reports_completed_at_id').on('reports').columns(['completed_at', 'id']).execute();
  await db.schema
    .createIndex('reports_status_completed_at_id')
    .on('reports')
    .columns(['status', 'completed_at', 'id'])
    .execute();
  await db.schema.createIndex('reports_updated_at').on('reports').column('updated_at').execute();
}
