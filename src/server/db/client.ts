// SQLite (embedded default) or PostgreSQL (DATABASE_URL) behind one Kysely API.
import {
  Kysely,
  SqliteDialect,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.ts';
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
  /**
   * Calls `listener` once a statement that writes and whose SQL matches `matches` has taken effect
   * through this handle: at once outside a transaction, at commit inside one (never on rollback).
   * Returns the way to stop.
   */
  watchWrites(matches: RegExp, listener: () => void): () => void;
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
 * Connections the PostgreSQL pool keeps open when idle (those above it close after 10 s idle). A new
 * connection costs a server process and, on its first statement, reading the table and index
 * definitions, several times what a page of the list costs on a warm connection. A dashboard polling from memory sends no query for minutes,
 * so without connections kept, its next filter would pay both.
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
    const writes = writeWatchers();
    const db = new Kysely<Tables>({ dialect: watchingWrites(new SqliteDialect({ database: sqlite }), writes.heard) });
    return { db, dialect: 'sqlite', close: once(() => db.destroy()), watchWrites: writes.add };
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
  const writes = writeWatchers();
  const db = new Kysely<Tables>({ dialect: watchingWrites(new CurrentSchemaPostgresDialect({ pool }), writes.heard) });
  return {
    db,
    dialect: 'postgres',
    close: once(() => db.destroy()),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    watchWrites: writes.add,
    async warmUp(statements) {
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
    },
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

/**
 * A statement whose text starts with this comment is prepared once on each PostgreSQL connection (named
 * after its text) and only executed afterwards: for a hot read whose planning costs more than its run,
 * such as a walk of a spatial index on a table with many indexes. Mark only statements whose text is
 * one of a few (values as parameters), since each stays prepared for the connection's life. SQLite
 * ignores it (a comment).
 */
export const PREPARED_STATEMENT = '/* prepared */';

const statementNames = new Map<string, string>();

function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: pg.QueryConfig | string, values?: unknown[]) => unknown;
  client.query = ((text: pg.QueryConfig | string, values?: unknown[]) => {
    if (typeof text !== 'string' || !text.startsWith(PREPARED_STATEMENT)) return query(text, values);
    let name = statementNames.get(text);
    if (!name) {
      name = `cue_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      statementNames.set(text, name);
    }
    return query({ name, text, values: values ?? [] });
  }) as typeof client.query;
}

/** How many SQLite statements stay prepared: every text the app runs often, with room to spare. */
const KEPT_STATEMENTS = 256;
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * SQLite: each statement is prepared once and kept (the most recently used `KEPT_STATEMENTS`), where
 * Kysely's driver prepares its text again on every run. For a small read such as one square of the
 * nearest-site search, preparing cost more than running, and its garbage made the search's slowest
 * runs. A kept statement still follows the schema (SQLite prepares it again itself when the schema has
 * changed), and the kept ones are let go after a statement that changes the schema. (A statement is
 * never run twice at once: the one connection takes no other statement while one is read row by row.)
 */
function keepPreparedStatements(sqlite: Database.Database): void {
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

/** Statements that may change rows (a WITH may end in one); reads and transaction control are not. */
const WRITE_STATEMENT = /^\s*(insert|update|delete|replace|with)\b/i;

function writeWatchers() {
  const watchers = new Set<{ matches: RegExp; listener: () => void }>();
  return {
    add(matches: RegExp, listener: () => void): () => void {
      const watcher = { matches, listener };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    heard(statements: readonly string[]): void {
      for (const watcher of watchers) {
        if (statements.some((text) => watcher.matches.test(text))) watcher.listener();
      }
    },
  };
}

/**
 * The dialect with its driver wrapped, so that every write that takes effect is told to `heard`: a
 * statement outside a transaction once it has run, the writes of a transaction once it commits.
 * Every query of the app passes here, whichever feature or job sends it.
 */
function watchingWrites(dialect: KyselyDialect, heard: (statements: readonly string[]) => void): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new WriteWatchingDriver(dialect.createDriver(), heard),
  };
}

class WatchedConnection implements DatabaseConnection {
  /** The writes of the open transaction; null outside one. */
  pending: string[] | null = null;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly heard: (statements: readonly string[]) => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (WRITE_STATEMENT.test(query.sql)) {
      if (this.pending) this.pending.push(query.sql);
      else this.heard([query.sql]);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WriteWatchingDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, WatchedConnection>();
  constructor(
    private readonly inner: Driver,
    private readonly heard: (statements: readonly string[]) => void,
  ) {
    const savepoints = ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const;
    for (const name of savepoints) {
      const method = inner[name]?.bind(inner);
      // A savepoint's writes stay pending: they count at the transaction's commit (a write rolled back
      // to a savepoint is still told, which costs a listener one needless look).
      if (method) this[name] = (connection, ...rest) => method((connection as WatchedConnection).inner, ...rest);
    }
  }
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.#connections.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.heard);
      this.#connections.set(connection, watched);
    }
    return watched;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.pending = [];
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    const written = watched.pending ?? [];
    watched.pending = null;
    await this.inner.commitTransaction(watched.inner);
    if (written.length > 0) this.heard(written);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.pending = null;
    await this.inner.rollbackTransaction(watched.inner);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
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
