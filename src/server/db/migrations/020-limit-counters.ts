// The abuse limits' counters on PostgreSQL, where several server processes share one database: one
// row per limit and client (`POST /api/reports 203.0.113.9`), its hits in the current window and when
// the window ends. SQLite keeps its counters in the one process's memory and leaves this table empty.
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('limit_counters_resets_at').on('limit_counters').column('resets_at').execute();
}
