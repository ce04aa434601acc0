// A volunteer's record anyone can trust: each MUCU event's check-in key (the secret its changing
// codes are made from, never sent to anyone); the time and bags each attendee logs after an event,
// which count once the organiser approves them; a clean-up's measured time kept beside the time the
// volunteer corrected it down to, with their note.
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

  await db.schema
    .createTable('event_logs')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('mucu_id', 'integer', (c) => c.notNull().references('mucu_events.id').onDelete('cascade'))
    // Null once the volunteer has been erased: an approved entry still counts in the totals.
    .addColumn('volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
    // As the volunteer logged them...
    .addColumn('logged_minutes', 'integer', (c) => c.notNull().check(sql`logged_minutes > 0`))
    .addColumn('logged_bags', 'integer', (c) => c.check(sql`logged_bags >= 0`))
    .addColumn('logged_area_m2', 'integer', (c) => c.check(sql`logged_area_m2 >= 0`))
    // ...and as they count: the same until the organiser corrects them.
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes > 0`))
    .addColumn('bags', 'integer', (c) => c.check(sql`bags >= 0`))
    .addColumn('area_m2', 'integer', (c) => c.check(sql`area_m2 >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved')`))
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('updated_at', k.timestamp, (c) => c.notNull())
    .addColumn('approved_at', k.timestamp)
    .addUniqueConstraint('event_logs_once', ['mucu_id', 'volunteer_id'])
    .execute();
  await db.schema.createIndex('event_logs_volunteer').on('event_logs').columns(['volunteer_id', 'status']).execute();

  // The time measured from claim to completion, kept once the volunteer corrects it down; null while
  // minutes_worked is still the measured time.
  await db.schema.alterTable('cleanups').addColumn('measured_minutes', 'integer').execute();
  await db.schema.alterTable('cleanups').addColumn('time_note', 'text').execute();

  // A volunteer's record over a period, as issued: the figures it states, checked at /verify/<code>
  // until they withdraw it.
  await db.schema
    .createTable('record_certificates')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    // 128 random bits, base64url: the check link's only key, never derived from anything else.
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // London calendar days, 'YYYY-MM-DD', both included.
    .addColumn('period_from', 'text', (c) => c.notNull())
    .addColumn('period_to', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('sites_cleaned', 'integer', (c) => c.notNull())
    .addColumn('events_attended', 'integer', (c) => c.notNull())
    .addColumn('issued_at', k.timestamp, (c) => c.notNull())
    .addColumn('withdrawn_at', k.timestamp)
    .execute();
  await db.schema
    .createIndex('record_certificates_volunteer')
    .on('record_certificates')
    .column('volunteer_id')
    .execute();
}
