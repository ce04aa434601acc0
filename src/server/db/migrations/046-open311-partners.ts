// Open311 both ways: the keys partner apps post requests with (kept as hashes), which reports each key
// made (with the partner's name), and reports referred to the
// body responsible for the wall, with the body's own request id and its last answer.
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('open311_api_keys')
    .addColumn('id', k.idType, k.id)
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 of the key; the key itself is shown once, when it is issued, and never kept.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // The key's last four characters, so an administrator can tell keys apart.
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', k.timestamp)
    .addColumn('last_used_at', k.timestamp)
    .execute();

  await db.schema
    .createTable('open311_partner_requests')
    .addColumn('report_id', 'integer', (c) =>
      c.primaryKey().references('reports.id').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('api_key_id', 'integer', (c) => c.references('open311_api_keys.id').onDelete('set null'))
    .addColumn('partner_name', 'text', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('report_referrals')
    .addColumn('id', k.idType, k.id)
    .addColumn('report_id', 'integer', (c) =>
      c.notNull().unique().references('reports.id').onDelete('cascade').onUpdate('cascade'),
    )
    // The responsible body, by the id the operator's settings give it, and its name when referred.
    .addColumn('body_id', 'text', (c) => c.notNull())
    .addColumn('body_name', 'text', (c) => c.notNull())
    // waiting (in the outbox), sent (the body has it), closed (the body says it is done), failed.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text')
    .addColumn('last_answer', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referred_at', k.timestamp, (c) => c.notNull())
    .addColumn('sent_at', k.timestamp)
    .addColumn('checked_at', k.timestamp)
    .addColumn('closed_at', k.timestamp)
    .execute();
  await db.schema.createIndex('report_referrals_state').on('report_referrals').column('state').execute();
}
