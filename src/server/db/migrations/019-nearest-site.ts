// An index for the nearest priority site: open, marked reports by their coordinates, so the search
// around a volunteer reads the few marked sites near by instead of every open site in the box.
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, _k: ColumnKit): Promise<void> {
  await db.schema
    .createIndex('reports_open_priority_location')
    .ifNotExists()
    .on('reports')
    .columns(['status', 'priority', 'latitude', 'longitude'])
    .execute();
}
