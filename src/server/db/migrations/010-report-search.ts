// An index for the management list's search, which finds a word anywhere in a report's three-word
// location or description ('shelter' finds 'bus shelter', 'able.' finds 'able.spin.tree'). Both are
// trigram indexes, which answer "contains" without reading every report:
// - SQLite: an FTS5 table with the trigram tokenizer over the two columns, kept by triggers.
// - PostgreSQL: pg_trgm GIN indexes on the lower-cased columns, used by the same LIKE the search runs.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  if (k.dialect === 'postgres') {
    // One extension per database, in public, so a schema dropped later never takes it with it. pg_trgm is
    // a trusted extension: the database's owner may create it. The lock keeps two migrating processes
    // from creating it at the same moment.
    await sql`select pg_advisory_xact_lock(hashtext('create extension pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const ops = sql.raw(`"${rows[0]!.schema}".gin_trgm_ops`);
    await sql`create index if not exists reports_search_words on reports using gin (lower(what3words) ${ops})`.execute(
      db,
    );
    await sql`create index if not exists reports_search_description
      on reports using gin (lower(coalesce(description, '')) ${ops})`.execute(db);
    return;
  }
  await sql`create virtual table reports_search using fts5(
    what3words, description, content = 'reports', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
  await sql`insert into reports_search (reports_search) values ('rebuild')`.execute(db);
  const remove = `insert into reports_search (reports_search, rowid, what3words, description)
    values ('delete', old.id, old.what3words, old.description);`;
  const add = `insert into reports_search (rowid, what3words, description)
    values (new.id, new.what3words, new.description);`;
  await sql.raw(`create trigger reports_search_insert after insert on reports begin ${add} end`).execute(db);
  await sql.raw(`create trigger reports_search_delete after delete on reports begin ${remove} end`).execute(db);
  await sql
    .raw(
      `create trigger reports_search_update after update of what3words, description on reports
      begin ${remove} ${add} end`,
    )
    .execute(db);
}
