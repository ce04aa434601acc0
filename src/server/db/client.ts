// SQLite (embedded default) or PostgreSQL (DATABASE_URL) behind one Kysely API.
import { Kysely, SqliteDialect, sql, type DeleteResult, type SelectQueryBuilder } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';
import { WARM_CONNECTIONS, keepPreparedStatements, prepareMarkedStatements, warmConnections } from './driver-tuning.ts';
import type { Tables } from './tables.ts';
import type { Dialect } from './migrations/column-kit.ts';

export type Db = Kysely<Tables>;

/** How many rows the query finds (PostgreSQL answers a count as text). */
export async function countOf<TB extends keyof Tables>(query: SelectQueryBuilder<Tables, TB, object>): Promise<number> {
  const { n } = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** How many rows the delete removed. */
export async function deletedBy(query: { executeTakeFirst(): Promise<DeleteResult> }): Promise<number> {
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Ends every connection; safe to call twice. */
  close(): Promise<void>;
  /** PostgreSQL's connection pool right now: open connections, idle ones, and callers waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PostgreSQL only: hears the NOTIFYs of a channel on a connection of its own (see `NotificationHandlers`). */
  listen?: (channel: string, handlers: NotificationHandlers) => () => Promise<void>;
  /**
   * PostgreSQL only: opens the connections the pool keeps (`WARM_CONNECTIONS`) and has each plan
   * `statements` once, so the first requests after a start find a connection ready that already
   * knows the tables and their indexes. Never fails: a connection it could not open is opened later.
   */
  warmUp?: (statements: string[]) => Promise<void>;
}

/**
 * What a listening connection tells. NOTIFY reaches every session of the database, whatever its
 * schema, so by this app's convention a notification's payload names the schema that sent it
 * (`tg_table_schema` in a trigger), and only those of this handle's schema are passed on: two apps,
 * or two test runs, on one server never hear each other.
 */
export interface NotificationHandlers {
  notified(): void;
  /** Listening (again): whatever was sent while it was not has been missed. */
  connected(): void;
  /** The connection was lost; it is opened again by itself, with back-off. */
  lost(error: Error): void;
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

const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 3_000, statementMs: 8_000 };

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'sqlite') {
    const sqlite = new Database(options.filename);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    keepPreparedStatements(sqlite);
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: once(() => db.destroy()) };
  }
  const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts };
  const serverOptions = [
    `-c statement_timeout=${timeouts.statementMs}`,
    // A test run lives in its own schema; production uses the default search path.
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
  ];
  const max = options.maxConnections ?? 10;
  const kept = Math.min(WARM_CONNECTIONS, max);
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    min: kept,
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
  pool.on('connect', (client) => {
    client.on('error', lost);
    prepareMarkedStatements(client);
  });
  const db = new Kysely<Tables>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    close: once(() => db.destroy()),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    warmUp: (statements) => warmConnections(pool, kept, statements),
    listen: (channel, handlers) =>
      listenOn(
        {
          connectionString: options.url,
          options: serverOptions.join(' '),
          connectionTimeoutMillis: timeouts.connectMs,
          keepAlive: true,
          // Named, so an operator (or a test) tells the listening sessions apart in pg_stat_activity.
          application_name: ['cue-listen', options.schema].filter(Boolean).join(' '),
        },
        channel,
        handlers,
      ),
  };
}

const LISTEN_RETRY_MS = { first: 250, most: 5_000 };

/**
 * A connection of its own that LISTENs on `channel`, opened again with back-off whenever it is lost
 * (the server restarted, the backend was ended, the network went); its errors never end the process.
 */
function listenOn(config: pg.ClientConfig, channel: string, handlers: NotificationHandlers): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.most);
  };

  async function connect(): Promise<void> {
    const current = new pg.Client(config);
    client = current;
    let lost = false;
    const onLost = (error: Error) => {
      if (lost || stopped) return;
      lost = true;
      handlers.lost(error);
      void current.end().catch(() => undefined);
      retry();
    };
    // Once lost, a client may still emit errors; they are expected and ignored.
    current.on('error', onLost);
    current.on('end', () => onLost(new Error('The listening connection ended')));
    try {
      await current.connect();
      const { rows } = await current.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema;
      current.on('notification', (message) => {
        if (message.channel === channel && message.payload === schema) handlers.notified();
      });
      await current.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await current.end().catch(() => undefined);
        return;
      }
      retryMs = LISTEN_RETRY_MS.first;
      handlers.connected();
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  void connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

/** What `work` answers, or a failure saying `message` once `ms` have passed without an answer. */
export async function answerWithin<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks the database for `select 1`, failing after `withinMs` when it does not answer. */
export async function pingDatabase(db: Db, withinMs = defaultDatabaseTimeouts.connectMs): Promise<void> {
  await answerWithin(sql`select 1`.execute(db), withinMs, 'The database did not answer in time');
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
