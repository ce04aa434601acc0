// The management list's state in one row, kept by triggers on every insert, update and delete of a
// report: the list's version (a change counter) and how many reports have each status. A refresh
// learns whether anything changed, and a status filter its count, without reading every report.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('report_list_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('reported', 'integer', (c) => c.notNull())
    .addColumn('cleaning', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into report_list_state (id, version, reported, cleaning, completed)
    select 1, 1,
      coalesce(sum(case when status = 'reported' then 1 else 0 end), 0),
      coalesce(sum(case when status = 'cleaning' then 1 else 0 end), 0),
      coalesce(sum(case when status = 'completed' then 1 else 0 end), 0)
    from reports`.execute(db);

  const change = (sign: '+' | '-', row: 'new' | 'old') =>
    ['reported', 'cleaning', 'completed']
      .map((status) => `${status} = ${status} ${sign} (case when ${row}.status = '${status}' then 1 else 0 end)`)
      .join(', ');
  if (k.dialect === 'postgres') {
    await sql
      .raw(
        `create function report_list_state_track() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            update report_list_state set version = version + 1, ${change('+', 'new')};
          elsif tg_op = 'DELETE' then
            update report_list_state set version = version + 1, ${change('-', 'old')};
          else
            update report_list_state set version = version + 1, ${change('-', 'old')};
            update report_list_state set ${change('+', 'new')};
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger reports_track_list_state after insert or update or delete on reports
      for each row execute function report_list_state_track()`.execute(db);
  } else {
    await sql
      .raw(
        `create trigger reports_list_state_insert after insert on reports begin
          update report_list_state set version = version + 1, ${change('+', 'new')};
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger reports_list_state_delete after delete on reports begin
          update report_list_state set version = version + 1, ${change('-', 'old')};
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger reports_list_state_update after update on reports begin
          update report_list_state set version = version + 1, ${change('-', 'old')};
          update report_list_state set ${change('+', 'new')};
        end`,
      )
      .execute(db);
  }
}
