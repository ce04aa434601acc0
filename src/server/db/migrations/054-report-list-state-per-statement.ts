// On PostgreSQL the list's state row (its version and its count of each status) is kept once per
// statement instead of once per report: a statement that changes many reports (a bulk status change,
// an erasure, a data load) moved that one row once for each of them, and every move of it within one
// transaction leaves a row version that the next move must step over, so such a statement slowed with
// the square of its size. The statement's changed rows (transition tables) are counted once, and a
// statement that changed none leaves the version as it was. SQLite keeps its row-by-row triggers: it
// keeps no old row versions to step over.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

const STATUSES = ['reported', 'cleaning', 'completed'] as const;

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  if (k.dialect !== 'postgres') return;
  const tally = (rows: 'new_rows' | 'old_rows', sign: '+' | '-') =>
    `select ${STATUSES.map((status) => `${status}_change ${sign} count(*) filter (where status = '${status}')`).join(', ')}
       into ${STATUSES.map((status) => `${status}_change`).join(', ')} from ${rows};`;
  await sql`drop trigger if exists reports_track_list_state on reports`.execute(db);
  await sql
    .raw(
      `create or replace function report_list_state_track() returns trigger language plpgsql as $$
      declare
        changed bigint;
        ${STATUSES.map((status) => `${status}_change bigint := 0;`).join('\n        ')}
      begin
        if tg_op = 'DELETE' then
          select count(*) into changed from old_rows;
        else
          select count(*) into changed from new_rows;
        end if;
        if changed = 0 then
          return null;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then ${tally('new_rows', '+')} end if;
        if tg_op in ('DELETE', 'UPDATE') then ${tally('old_rows', '-')} end if;
        update report_list_state
          set version = version + 1,
              ${STATUSES.map((status) => `${status} = ${status} + ${status}_change`).join(', ')}
          where id = 1;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger reports_list_state_insert after insert on reports
    referencing new table as new_rows for each statement execute function report_list_state_track()`.execute(db);
  await sql`create trigger reports_list_state_update after update on reports
    referencing old table as old_rows new table as new_rows
    for each statement execute function report_list_state_track()`.execute(db);
  await sql`create trigger reports_list_state_delete after delete on reports
    referencing old table as old_rows for each statement execute function report_list_state_track()`.execute(db);
}
