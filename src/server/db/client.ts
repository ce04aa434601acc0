// SQLite (embedded default) or PostgreSQL (DATABASE_URL) behind one Kysely API.
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Tables } from './tables.ts';
import type { Dialect } from './migrations/column-kit.ts';

export type Db = Kysely<Tables>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Ends every connection; safe to call twice. */
  close(): Promise<void>;
}

export type DatabaseOptions =
  { kind: 'sqlite'; filename: string } | { kind: 'postgres'; url: string; schema?: string; maxConnections?: number };

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'sqlite') {
    const sqlite = new Database(options.filename);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: once(() => db.destroy()) };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // A test run lives in its own schema; production uses the default search path.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: once(() => db.destroy()) };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
