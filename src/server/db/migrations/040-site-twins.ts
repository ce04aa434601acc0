// Cleaning a site completes every open report of it: a report completed that way points at the
// clean-up that cleaned its site, so its status page and its follower's e-mail show that clean-up's
// after photo. The volunteer's record still counts the one clean-up.
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, _k: ColumnKit): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('completed_by_cleanup_id', 'integer', (c) => c.references('cleanups.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('reports_completed_by_cleanup').on('reports').column('completed_by_cleanup_id').execute();
}
