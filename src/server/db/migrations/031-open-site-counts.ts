// How many sites are waiting to be cleaned, with and without a map position, in one row kept by
// triggers on every write to reports, so the find page's 'sites available' is read, never counted.
// PostgreSQL counts each statement's changed rows once (transition tables), so a bulk change moves the
// row once; SQLite, row by row, only for a report whose open-and-placed state changes.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

/** Open means waiting to be cleaned; placed means it has coordinates (latitude and longitude are set together). */
const OPEN = `status = 'reported'`;

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('open_site_counts')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('placed', 'bigint', (c) => c.notNull())
    .addColumn('unplaced', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into open_site_counts (id, placed, unplaced)
    select 1,
      coalesce(sum(case when latitude is not null then 1 else 0 end), 0),
      coalesce(sum(case when latitude is null then 1 else 0 end), 0)
    from reports where status = 'reported'`.execute(db);

  if (k.dialect === 'postgres') {
    const tally = (rows: string, sign: '+' | '-') =>
      `select placed_change ${sign} count(*) filter (where latitude is not null),
              unplaced_change ${sign} count(*) filter (where latitude is null)
         into placed_change, unplaced_change from ${rows} where ${OPEN};`;
    await sql
      .raw(
        `create function open_site_counts_track() returns trigger language plpgsql as $$
        declare
          placed_change bigint := 0;
          unplaced_change bigint := 0;
        begin
          if tg_op in ('INSERT', 'UPDATE') then ${tally('new_rows', '+')} end if;
          if tg_op in ('DELETE', 'UPDATE') then ${tally('old_rows', '-')} end if;
          -- Only a change of the counts takes the row's lock: other updates of reports never wait on it.
          if placed_change <> 0 or unplaced_change <> 0 then
            update open_site_counts
              set placed = placed + placed_change, unplaced = unplaced + unplaced_change where id = 1;
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger reports_open_site_counts_insert after insert on reports
      referencing new table as new_rows for each statement execute function open_site_counts_track()`.execute(db);
    await sql`create trigger reports_open_site_counts_update after update on reports
      referencing old table as old_rows new table as new_rows
      for each statement execute function open_site_counts_track()`.execute(db);
    await sql`create trigger reports_open_site_counts_delete after delete on reports
      referencing old table as old_rows for each statement execute function open_site_counts_track()`.execute(db);
    return;
  }
  const placed = (row: 'new' | 'old') => `(${row}.${OPEN} and ${row}.latitude is not null)`;
  const unplaced = (row: 'new' | 'old') => `(${row}.${OPEN} and ${row}.latitude is null)`;
  await sql
    .raw(
      `create trigger reports_open_site_counts_insert after insert on reports when new.${OPEN} begin
        update open_site_counts set placed = placed + ${placed('new')}, unplaced = unplaced + ${unplaced('new')};
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger reports_open_site_counts_delete after delete on reports when old.${OPEN} begin
        update open_site_counts set placed = placed - ${placed('old')}, unplaced = unplaced - ${unplaced('old')};
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger reports_open_site_counts_update after update of status, latitude on reports
        when ${placed('old')} <> ${placed('new')} or ${unplaced('old')} <> ${unplaced('new')} begin
        update open_site_counts set
          placed = placed - ${placed('old')} + ${placed('new')},
          unplaced = unplaced - ${unplaced('old')} + ${unplaced('new')};
      end`,
    )
    .execute(db);
}
