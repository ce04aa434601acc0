// On SQLite, open sites with a map position in an R*Tree (one for every open site, one for the marked
// ones), kept in step with reports by triggers, so the nearest-site search reads the few sites in a
// small box around the volunteer instead of a whole latitude band of the index on status and
// coordinates. The tree stores each point as a box of 32-bit floats rounded outwards; the exact
// coordinates ride along as auxiliary columns, so distances and box edges use the very values in
// reports. PostgreSQL has its GiST indexes (030) and needs nothing here.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

/** Which reports each tree holds, as a condition on a row of reports (`new.`, `old.` or none). */
const TREES = {
  open_sites: (row: string) =>
    `${row}status = 'reported' and ${row}latitude is not null and ${row}longitude is not null`,
  open_priority_sites: (row: string) =>
    `${row}status = 'reported' and ${row}priority = 1 and ${row}latitude is not null and ${row}longitude is not null`,
} as const;

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  if (k.dialect !== 'sqlite') return;
  for (const [tree, holds] of Object.entries(TREES)) {
    await sql
      .raw(
        `create virtual table ${tree} using rtree(id, min_lat, max_lat, min_lng, max_lng, +latitude real, +longitude real)`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${tree} (id, min_lat, max_lat, min_lng, max_lng, latitude, longitude)
          select id, latitude, latitude, longitude, longitude, latitude, longitude from reports where ${holds('')}`,
      )
      .execute(db);
    const add = `insert into ${tree} (id, min_lat, max_lat, min_lng, max_lng, latitude, longitude)
      values (new.id, new.latitude, new.latitude, new.longitude, new.longitude, new.latitude, new.longitude);`;
    await sql
      .raw(`create trigger reports_${tree}_insert after insert on reports when ${holds('new.')} begin ${add} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger reports_${tree}_delete after delete on reports begin delete from ${tree} where id = old.id; end`,
      )
      .execute(db);
    // Any change that can move a report into, out of or within the tree (renumbering changes ids).
    await sql
      .raw(
        `create trigger reports_${tree}_update after update of id, status, priority, latitude, longitude on reports begin
          delete from ${tree} where id = old.id;
          insert into ${tree} (id, min_lat, max_lat, min_lng, max_lng, latitude, longitude)
            select new.id, new.latitude, new.latitude, new.longitude, new.longitude, new.latitude, new.longitude
            where ${holds('new.')};
        end`,
      )
      .execute(db);
  }
}
