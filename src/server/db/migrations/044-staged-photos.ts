// A photo sent ahead of its report, while the reporter is still typing: kept for an hour under an
// unguessable reference that only the browser that sent it may use, once.
import type { Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('staged_photos')
    .addColumn('id', k.idType, k.id)
    // SHA-256 of the reference the browser holds, and of the browser's staging cookie.
    .addColumn('reference_hash', 'text', (c) => c.notNull().unique())
    .addColumn('holder_hash', 'text', (c) => c.notNull())
    .addColumn('photo_key', 'text', (c) => c.notNull())
    // The photo's own GPS, read before its metadata was stripped: only to place the report.
    .addColumn('gps_latitude', k.double)
    .addColumn('gps_longitude', k.double)
    .addColumn('created_at', k.timestamp, (c) => c.notNull())
    .addColumn('expires_at', k.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staged_photos_expires').on('staged_photos').column('expires_at').execute();
}
