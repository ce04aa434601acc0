// On PostgreSQL, every transaction that changes the report list's state (010-report-list-state) sends
// one NOTIFY on 'report_list_changed', so each server process learns that the list moved without
// asking. The payload is the schema, which tells apart two apps (or test runs) on one server;
// identical notifications of one transaction are delivered once. SQLite has one process and no NOTIFY.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  if (k.dialect !== 'postgres') return;
  await sql`create function report_list_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('report_list_changed', tg_table_schema);
      return null;
    end $$`.execute(db);
  await sql`create trigger report_list_state_notify after update on report_list_state
    for each statement execute function report_list_notify()`.execute(db);
}
