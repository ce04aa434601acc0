// The tweaks this app makes to its two database drivers, each for a figure the bench measures (see
// docs/performance.md). Nothing here changes what a query answers: only when statements are prepared
// and which connections are open before the first visitor.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type pg from 'pg';

/** How many SQLite statements stay prepared: every text the app runs often, with room to spare. */
const KEPT_STATEMENTS = 256;
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * SQLite: each statement is prepared once and kept (the most recently used `KEPT_STATEMENTS`), where
 * Kysely's driver prepares its text again on every run. For a small read such as one square of the
 * nearest-site search, preparing costs more than running, and its garbage made the search's slowest
 * runs. A kept statement still follows the schema (SQLite prepares it again itself when the schema has
 * changed), and the kept ones are let go after a statement that changes the schema. (A statement is
 * never run twice at once: the one connection takes no other statement while one is read row by row.)
 */
export function keepPreparedStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((text: string) => {
    if (SCHEMA_CHANGE.test(text)) {
      kept.clear();
      return prepare(text);
    }
    const statement = kept.get(text) ?? prepare(text);
    // A Map keeps insertion order: moved to the end on each use, the first key is the least recent.
    kept.delete(text);
    kept.set(text, statement);
    if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * A statement whose text starts with this comment is prepared once on each PostgreSQL connection (named
 * after its text) and only executed afterwards: for a hot read whose planning costs more than its run,
 * such as a walk of a spatial index on a table with many indexes. Mark only statements whose text is
 * one of a few (values as parameters), since each stays prepared for the connection's life. SQLite
 * ignores it (a comment).
 */
export const PREPARED_STATEMENT = '/* prepared */';

const statementNames = new Map<string, string>();

/** PostgreSQL: the name a marked statement is prepared under on every connection. */
export function preparedStatementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `cue_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** PostgreSQL: a new connection of the pool prepares each marked statement the first time it runs it. */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: pg.QueryConfig | string, values?: unknown[]) => unknown;
  client.query = ((text: pg.QueryConfig | string, values?: unknown[]) => {
    if (typeof text !== 'string' || !text.startsWith(PREPARED_STATEMENT)) return query(text, values);
    return query({ name: preparedStatementName(text), text, values: values ?? [] });
  }) as typeof client.query;
}

/**
 * Connections the PostgreSQL pool keeps open when idle (those above it close after 10 s idle). A new
 * connection costs a server process and, on its first statement, reading the table and index
 * definitions, several times what a page of the list costs on a warm connection. A dashboard polling
 * from memory sends no query for minutes, so without connections kept, its next filter would pay both.
 */
export const WARM_CONNECTIONS = 4;

/** The tables most requests read, planned once on each kept connection before the first visitor. */
export const WARM_UP_STATEMENTS = [
  'reports',
  'report_list_state',
  'report_photos',
  'sessions',
  'volunteers',
  'limit_counters',
].map((table) => `select * from ${table} limit 1`);

/**
 * PostgreSQL: opens `kept` connections and has each plan `statements` once, so the first requests after
 * a start find a connection ready that already knows the tables and their indexes. Never fails: a
 * connection it could not open is opened later.
 */
export async function warmConnections(pool: pg.Pool, kept: number, statements: string[]): Promise<void> {
  const clients = await Promise.all(Array.from({ length: kept }, () => pool.connect().catch(() => undefined)));
  await Promise.all(
    clients.map(async (client) => {
      if (!client) return;
      try {
        for (const statement of statements) await client.query(`explain ${statement}`);
      } catch {
        // A warm-up statement that fails leaves a connection all the same.
      } finally {
        client.release();
      }
    }),
  );
}
