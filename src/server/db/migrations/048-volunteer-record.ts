// A volunteer's record anyone can trust: each MUCU event's check-in key (the secret its changing
// codes are made from, never sent to anyone).
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('event_check_in_keys')
    .addColumn('mucu_id', 'integer', (c) => c.primaryKey().references('mucu_events.id').onDelete('cascade'))
    // 32 random bytes, base64url: the minute's code is derived from it, the event and the minute.
    .addColumn('secret', 'text', (c) => c.notNull().check(sql`length(secret) >= 43`))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
}
