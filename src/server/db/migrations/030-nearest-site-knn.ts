// On PostgreSQL, open sites in a GiST index of points whose longitude is squashed by the cosine of
// Edinburgh's latitude, so the nearest-site search walks the sites nearest the volunteer first (the
// `<->` operator) and stops after the few it needs, however wide the box. One index for every open
// site, one for the marked (priority) ones. SQLite has no such index and keeps the box search.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

/** cos(55.95 degrees): the squash of longitude the index is built with; the query uses the same. */
export const KNN_LONGITUDE_SQUASH = 0.5599;

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  if (k.dialect !== 'postgres') return;
  const point = sql.raw(`point(longitude * ${KNN_LONGITUDE_SQUASH}, latitude)`);
  await sql`create index if not exists reports_open_knn on reports using gist (${point})
    where status = 'reported' and latitude is not null and longitude is not null`.execute(db);
  await sql`create index if not exists reports_open_priority_knn on reports using gist (${point})
    where status = 'reported' and priority = 1 and latitude is not null and longitude is not null`.execute(db);
}
