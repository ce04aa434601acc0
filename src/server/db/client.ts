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
  /** PostgreSQL's connection pool right now: open connections, idle ones, and callers waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export type DatabaseOptions =
  | { kind: 'sqlite'; filename: string }
  | {
      kind: 'postgres';
      url: string;
      schema?: string;
      maxConnections?: number;
      /** Told when a connection is lost (the server restarted, a backend was ended); the pool replaces it. */
      onConnectionLost?: (error: Error) => void;
      timeouts?: Partial<DatabaseTimeouts>;
    };

/**
 * How long the app waits on PostgreSQL before answering 503: to connect (or to get a connection
 * from a full pool), and for one statement to finish.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 3_000, statementMs: 8_000 };

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
  const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts };
  const serverOptions = [
    `-c statement_timeout=${timeouts.statementMs}`,
    // A test run lives in its own schema; production uses the default search path.
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
  ];
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    options: serverOptions.join(' '),
    // Connecting, and waiting for a free connection, give up after connectMs.
    connectionTimeoutMillis: timeouts.connectMs,
    // A database that stops answering (frozen, cut off) fails the query on the client side too.
    query_timeout: timeouts.statementMs + 1_000,
    keepAlive: true,
  });
  // A connection can die while idle in the pool or while a request holds it between statements.
  // Unhandled, either 'error' event ends the process; handled, the pool drops the connection and
  // opens a fresh one when next asked, so the app comes back by itself when the database does.
  const lost = (error: Error) => options.onConnectionLost?.(error);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    close: once(() => db.destroy()),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Asks the database for `select 1`, failing after `withinMs` when it does not answer. */
export async function pingDatabase(db: Db, withinMs = defaultDatabaseTimeouts.connectMs): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The database did not answer in time')), withinMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01', // admin_shutdown (the backend was terminated)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  'SQLITE_BUSY',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|connection is not open|The database connection is not open/i;

/** True when an error means the database is away or too slow, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
