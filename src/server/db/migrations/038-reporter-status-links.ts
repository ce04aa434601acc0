// Every reporter keeps a status link of their own. 'Add my photo to it' used to hand the one who added
// a photo the first reporter's private link; now each added reporter photo carries its own token, and
// each address waiting to hear about a report remembers the link it came with, so its e-mail carries
// that link and no other.
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, _k: ColumnKit): Promise<void> {
  // Unguessable (32 random bytes), on the photos of 'Add my photo to it' only.
  await db.schema.alterTable('report_photos').addColumn('status_token', 'text').execute();
  await db.schema
    .createIndex('report_photos_status_token')
    .on('report_photos')
    .column('status_token')
    .unique()
    .execute();
  // Null for addresses kept before this: their e-mail then carries no status link at all.
  await db.schema.alterTable('report_followers').addColumn('status_token', 'text').execute();
}
