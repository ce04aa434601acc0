// Who created each MUCU event, so a volunteer's events in the last 24 hours can be counted: null for
// an administrator signed in by code alone, for events made before this, and once the volunteer is
// erased (the event stays).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mucu_events')
    .addColumn('created_by', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('mucu_events_created_by')
    .on('mucu_events')
    .columns(['created_by', 'created_at'])
    .execute();
}
