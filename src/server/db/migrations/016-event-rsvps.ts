// Public MUCU events: an optional number of places per event, who said 'I'll be there' (going, or on
// the waiting list once the places are taken), whether their day-before reminder has gone, and each
// volunteer's choice about event e-mails with the token of its one-click unsubscribe link.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  // Null: no limit.
  await db.schema
    .alterTable('mucu_events')
    .addColumn('capacity', 'integer', (c) => c.check(sql`capacity > 0`))
    .execute();
  await db.schema.createIndex('mucu_events_date').on('mucu_events').column('date').execute();
  // Past events count the sites cleaned on their day.
  await db.schema.createIndex('cleanups_completed_at').on('cleanups').column('completed_at').execute();

  await db.schema
    .createTable('event_rsvps')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('mucu_id', 'integer', (c) => c.notNull().references('mucu_events.id').onDelete('cascade'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('going', 'waiting')`))
    // When they said 'I'll be there': the waiting list moves up in this order.
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    // When their day-before reminder was queued; cleared when the event moves to another time.
    .addColumn('reminded_at', k.timestamp)
    .addUniqueConstraint('event_rsvps_once', ['mucu_id', 'volunteer_id'])
    .execute();
  await db.schema.createIndex('event_rsvps_event').on('event_rsvps').columns(['mucu_id', 'status']).execute();
  await db.schema.createIndex('event_rsvps_volunteer').on('event_rsvps').column('volunteer_id').execute();

  await db.schema
    .createTable('event_mail_settings')
    .addColumn('volunteer_id', 'integer', (c) => c.primaryKey().references('volunteers.id').onDelete('cascade'))
    // 0/1: reminders and change notices about the events they are going to.
    .addColumn('emails_on', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`emails_on in (0, 1)`),
    )
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .execute();
}
