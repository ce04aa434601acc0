// Every table of the data model, so later work adds columns rather than rewriting tables.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('volunteers')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('joined_at', k.timestamp, (c) => c.notNull())
    .addColumn('last_active_at', k.timestamp)
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('what3words', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('photo_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('reported')
        .check(sql`status in ('reported', 'cleaning', 'completed')`),
    )
    .addColumn('reported_at', k.timestamp, (c) => c.notNull())
    .addColumn('completed_at', k.timestamp)
    .addColumn('cleaning_started_at', k.timestamp)
    .addColumn('cleaning_volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
    .addColumn('latitude', k.double)
    .addColumn('longitude', k.double)
    .addColumn('location_source', 'text', (c) => c.check(sql`location_source in ('device', 'photo', 'words')`))
    .addColumn('words_scheme', 'text', (c) =>
      c
        .notNull()
        .defaultTo('grid')
        .check(sql`words_scheme in ('grid', 'what3words')`),
    )
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
  // The nearest-site search scans open reports by a latitude/longitude box.
  await db.schema
    .createIndex('reports_open_location')
    .on('reports')
    .columns(['status', 'latitude', 'longitude'])
    .execute();
  await db.schema.createIndex('reports_what3words').on('reports').column('what3words').execute();
  await db.schema.createIndex('reports_reported_at').on('reports').column('reported_at').execute();

  await db.schema
    .createTable('report_photos')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('report_id', 'integer', (c) =>
      c.notNull().references('reports.id').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('photo_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('uploaded_by', 'text')
    .addColumn('photo_key', 'text', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_photos_report').on('report_photos').column('report_id').execute();

  await db.schema
    .createTable('cleanups')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('report_id', 'integer', (c) =>
      c.notNull().references('reports.id').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
    .addColumn('completed_at', k.timestamp, (c) => c.notNull())
    .addColumn('minutes_worked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('before_photo_key', 'text', (c) => c.notNull())
    .addColumn('after_photo_key', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .execute();
  await db.schema.createIndex('cleanups_volunteer').on('cleanups').column('volunteer_id').execute();
  await db.schema.createIndex('cleanups_report').on('cleanups').column('report_id').execute();

  await db.schema
    .createTable('mucu_events')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('date', k.timestamp, (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('maps_link', 'text')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mucu_attendances')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('mucu_id', 'integer', (c) => c.notNull().references('mucu_events.id').onDelete('cascade'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('notes', 'text')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('mucu_attendances_once', ['mucu_id', 'volunteer_id'])
    .execute();

  await db.schema
    .createTable('achievements')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('badge_type', 'text', (c) => c.notNull())
    .addColumn('earned_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('achievements_once', ['volunteer_id', 'badge_type'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('volunteer', 'admin')`))
    .addColumn('volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('cascade'))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', k.timestamp, (c) => c.notNull())
    .addColumn('expires_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_tokens')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('expires_at', k.timestamp, (c) => c.notNull())
    .addColumn('used_at', k.timestamp)
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', k.timestamp, (c) => c.notNull())
    .addColumn('locked_until', k.timestamp)
    .addColumn('delivered_at', k.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['delivered_at', 'run_after']).execute();

  await db.schema
    .createTable('admin_attempts')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admin_attempts_client')
    .on('admin_attempts')
    .columns(['client_key', 'attempted_at'])
    .execute();
}
