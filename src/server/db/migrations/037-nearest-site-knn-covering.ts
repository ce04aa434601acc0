// On PostgreSQL, the GiST indexes of open sites (030) carry what the nearest-site search reads of each
// site (number, coordinates, words), so its index walk and its box reads are index-only scans: before,
// each of the 32 sites a walk fetches cost a visit to the table, most of the walk's time. The indexes
// are rebuilt under their own names with the same points and conditions.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';
import { KNN_LONGITUDE_SQUASH } from './030-nearest-site-knn.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  if (k.dialect !== 'postgres') return;
  const point = sql.raw(`point(longitude * ${KNN_LONGITUDE_SQUASH}, latitude)`);
  const placed = sql`latitude is not null and longitude is not null`;
  await sql`drop index if exists reports_open_knn`.execute(db);
  await sql`drop index if exists reports_open_priority_knn`.execute(db);
  await sql`create index reports_open_knn on reports using gist (${point})
    include (id, latitude, longitude, what3words) where status = 'reported' and ${placed}`.execute(db);
  await sql`create index reports_open_priority_knn on reports using gist (${point})
    include (id, latitude, longitude, what3words) where status = 'reported' and priority = 1 and ${placed}`.execute(db);
}
