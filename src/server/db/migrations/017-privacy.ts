// Privacy: attendance that outlives the volunteer (unlinked, still counted), progress photos that know
// who took them (so a volunteer's download holds them), the inactivity warning's date, the mark on a
// report whose photo was blurred, and the administrators' audit log.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  // An erased volunteer's attendance stays in the totals with no person attached: volunteer_id may be
  // null and is set null when the volunteer goes.
  if (k.dialect === 'postgres') {
    await sql`alter table mucu_attendances alter column volunteer_id drop not null`.execute(db);
    await sql`alter table mucu_attendances drop constraint if exists mucu_attendances_volunteer_id_fkey`.execute(db);
    await sql`alter table mucu_attendances add constraint mucu_attendances_volunteer_id_fkey
      foreign key (volunteer_id) references volunteers (id) on delete set null`.execute(db);
  } else {
    // SQLite cannot change a column's constraints: the table is rebuilt with the same rows and ids.
    await db.schema
      .createTable('mucu_attendances_new')
      .addColumn('id', k.idType, (c) => k.id(c))
      .addColumn('mucu_id', 'integer', (c) => c.notNull().references('mucu_events.id').onDelete('cascade'))
      .addColumn('volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
      .addColumn('notes', 'text')
      .addColumn('created_at', k.timestamp, (c) => c.notNull())
      .addUniqueConstraint('mucu_attendances_once', ['mucu_id', 'volunteer_id'])
      .execute();
    await sql`insert into mucu_attendances_new (id, mucu_id, volunteer_id, notes, created_at)
      select id, mucu_id, volunteer_id, notes, created_at from mucu_attendances`.execute(db);
    await sql`drop table mucu_attendances`.execute(db);
    await sql`alter table mucu_attendances_new rename to mucu_attendances`.execute(db);
  }
  await db.schema.createIndex('mucu_attendances_volunteer').on('mucu_attendances').column('volunteer_id').execute();

  // Who added a progress photo (null for photos from before this, and after the volunteer is erased).
  await db.schema
    .alterTable('report_photos')
    .addColumn('volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('report_photos_volunteer').on('report_photos').column('volunteer_id').execute();

  // When a long-inactive volunteer was told their account will be erased; cleared when they come back.
  await db.schema.alterTable('volunteers').addColumn('inactivity_warned_at', k.timestamp).execute();
  await db.schema.createIndex('volunteers_last_active').on('volunteers').column('last_active_at').execute();

  // Set when an administrator blurred part of any photo of the report.
  await db.schema.alterTable('reports').addColumn('photo_redacted_at', k.timestamp).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('at', k.timestamp, (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // The administrator: a short tag of their session, and the volunteer they are signed in as, if any.
    .addColumn('actor_session', 'text')
    .addColumn('actor_volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    // A volunteer the action was about (attendance); names are joined when read, never copied here.
    .addColumn('subject_volunteer_id', 'integer', (c) => c.references('volunteers.id').onDelete('set null'))
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}
