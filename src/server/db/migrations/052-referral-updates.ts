// Referrals pulled back through FixMyStreet's servicerequestupdates: for each responsible body that
// offers it, the instant up to which its updates have been read, so the next run asks from there
// (kept in the database, so a restart or a second process misses nothing and repeats little).
// A referral may now also be 'withdrawn' by an administrator (the state column is text already).
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('referral_update_reads')
    .addColumn('body_id', 'text', (c) => c.primaryKey())
    .addColumn('read_until', k.timestamp, (c) => c.notNull())
    .execute();
}
