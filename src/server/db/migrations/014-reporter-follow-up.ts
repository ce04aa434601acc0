// The reporter hears back: each report's private status token (its status page needs no account), how
// many people reported the same graffiti, the mark on offensive graffiti that volunteers see first, and
// the e-mail addresses waiting to be told when a report is cleaned (kept only until then, or 90 days).
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  // Unguessable (32 random bytes); reports made before this have none and no status page.
  await db.schema.alterTable('reports').addColumn('status_token', 'text').execute();
  await db.schema.createIndex('reports_status_token').on('reports').column('status_token').unique().execute();
  // 1 for the first report; each 'Add my photo to it' adds one.
  await db.schema
    .alterTable('reports')
    .addColumn('reporter_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // 0/1: offensive graffiti (racist, sexual, threatening or naming a person), offered to volunteers first.
  await db.schema
    .alterTable('reports')
    .addColumn('priority', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`priority in (0, 1)`),
    )
    .execute();
  await db.schema.createIndex('reports_status_priority').on('reports').columns(['status', 'priority']).execute();

  await db.schema
    .createTable('report_followers')
    .addColumn('id', k.idType, (c) => k.id(c))
    .addColumn('report_id', 'integer', (c) =>
      c.notNull().references('reports.id').onDelete('cascade').onUpdate('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    // The link in the confirmation e-mail; nothing else is sent until it is opened.
    .addColumn('confirm_token', 'text', (c) => c.notNull().unique())
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('confirmed_at', k.timestamp)
    // When the 'it has been cleaned' e-mail was queued; the row goes once it has been sent.
    .addColumn('notified_at', k.timestamp)
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addUniqueConstraint('report_followers_once', ['report_id', 'email'])
    .execute();
  await db.schema.createIndex('report_followers_created').on('report_followers').column('created_at').execute();
}
