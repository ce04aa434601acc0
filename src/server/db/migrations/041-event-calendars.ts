// MUCU events for calendars: a version of the events, moved by triggers in the same transaction as
// every insert and delete of an event and every change of what a calendar shows of one, so the feed is
// built once per change (in any server process) and a revalidation costs one primary-key read.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

/** The columns a calendar entry is made from: a change of capacity or creator moves nothing. */
const SHOWN = 'name, location, date, description, maps_link';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  await db.schema
    .createTable('mucu_events_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into mucu_events_version (id, version) values (1, 1)`.execute(db);

  if (k.dialect === 'postgres') {
    await sql`create function mucu_events_version_bump() returns trigger language plpgsql as $$
      begin
        update mucu_events_version set version = version + 1;
        return null;
      end $$`.execute(db);
    // Once per statement: a bulk change moves the version once.
    await sql
      .raw(
        `create trigger mucu_events_bump_version after insert or delete or update of ${SHOWN} on mucu_events
        for each statement execute function mucu_events_version_bump()`,
      )
      .execute(db);
  } else {
    for (const [name, when] of [
      ['insert', 'insert'],
      ['delete', 'delete'],
      ['update', `update of ${SHOWN}`],
    ] as const) {
      await sql
        .raw(
          `create trigger mucu_events_version_${name} after ${when} on mucu_events begin
            update mucu_events_version set version = version + 1;
          end`,
        )
        .execute(db);
    }
  }
}
