// Volunteer alerts: each volunteer's choices, the record of which report was told to whom on which channel
// (at most once each), the 10-minute grouping window, and the outbox's retry bookkeeping.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  // A job with a dedupe key is queued once (the daily digest of one day); given-up jobs stay for a while.
  await db.schema.alterTable('outbox').addColumn('dedupe_key', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('gave_up_at', k.timestamp).execute();
  await db.schema.createIndex('outbox_dedupe_key').on('outbox').column('dedupe_key').unique().execute();

  await db.schema
    .createTable('alert_preferences')
    .addColumn('volunteer_id', 'integer', (c) => c.primaryKey().references('volunteers.id').onDelete('cascade'))
    .addColumn('push', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`push in (0, 1)`),
    )
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .defaultTo('off')
        .check(sql`email in ('off', 'instant', 'daily')`),
    )
    .addColumn('radius_km', k.double)
    .addColumn('centre_latitude', k.double)
    .addColumn('centre_longitude', k.double)
    // When the daily digest was chosen: the first digest covers reports from then, not all history.
    .addColumn('daily_since', k.timestamp)
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('push', 'email', 'digest')`))
    .addColumn('report_id', 'integer', (c) =>
      c.notNull().references('reports.id').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('batched_at', k.timestamp)
    .addUniqueConstraint('alert_deliveries_once', ['volunteer_id', 'channel', 'report_id'])
    .execute();
  await db.schema.createIndex('alert_deliveries_report').on('alert_deliveries').column('report_id').execute();

  await db.schema
    .createTable('alert_windows')
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('push', 'email')`))
    .addColumn('last_sent_at', k.timestamp)
    .addColumn('dispatch_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('alert_windows_pk', ['volunteer_id', 'channel'])
    .execute();

  await db.schema.createIndex('push_subscriptions_volunteer').on('push_subscriptions').column('volunteer_id').execute();
}
