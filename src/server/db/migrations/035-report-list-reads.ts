// Two PostgreSQL indexes for the management list's reads at a city's size (SQLite already has both):
// - A search reads one lower-cased text per report, its three-word location and description joined
//   by a space, from one trigram index. Checking a candidate row is then one LIKE on a stored text,
//   where the two indexes before it lower-cased both columns again for each row found (a third
//   less time to count a common word over 100,000 reports). A search word has no spaces, so it never
//   matches across the join. SQLite's FTS5 trigram table serves the same search.
// - The duplicate mark (does another report share this location?) is answered from the index alone,
//   with the id beside the location, instead of a visit to the table for each card of a page.
//   SQLite's index on the location already holds the row id.
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './column-kit.ts';

export async function up(db: Kysely<unknown>, k: ColumnKit): Promise<void> {
  if (k.dialect !== 'postgres') return;
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const ops = sql.raw(`"${rows[0]!.schema}".gin_trgm_ops`);
  await sql`alter table reports add column search_text text
    generated always as (lower(what3words || ' ' || coalesce(description, ''))) stored`.execute(db);
  await sql`create index reports_search_text on reports using gin (search_text ${ops})`.execute(db);
  await sql`drop index if exists reports_search_words`.execute(db);
  await sql`drop index if exists reports_search_description`.execute(db);
  await sql`create index reports_what3words_id on reports (what3words, id)`.execute(db);
  await sql`drop index if exists reports_what3words`.execute(db);
}
