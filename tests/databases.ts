// The databases the API suites run on: always SQLite; PostgreSQL too when TEST_DATABASE_URL is set.
// Each PostgreSQL database lives in its own fresh schema, dropped afterwards, so runs never meet.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseTimeouts } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

export type TestDatabaseKind = 'sqlite' | 'postgres';

export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * A fresh, migrated database of `kind`. `timeouts` replaces the server's own on PostgreSQL: a bench that
 * loads a city's worth of reports is not answering visitors.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  { timeouts }: { timeouts?: Partial<DatabaseTimeouts> } = {},
): Promise<DatabaseHandle> {
  if (kind === 'sqlite') {
    const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    await migrateToLatest(handle.db as never, handle.dialect);
    return handle;
  }
  const { handle, drop } = await migratedSchema(timeouts);
  return {
    ...handle,
    // The schema goes even when the pool fails to close (a test that cut its connections on purpose).
    close: () => handle.close().finally(drop),
  };
}

export interface SharedPostgres {
  /** A handle of its own (its own pool and listening connection), as one more server process has. */
  open(): DatabaseHandle;
  /** Drops the schema; close every handle first. */
  drop(): Promise<void>;
}

/** A fresh, migrated PostgreSQL schema that several handles open, as several server processes would. */
export async function createSharedPostgres(): Promise<SharedPostgres> {
  const { handle, open, drop } = await migratedSchema();
  await handle.close();
  return { open, drop };
}

/** A fresh schema, migrated through the first handle opened on it. */
async function migratedSchema(
  timeouts?: Partial<DatabaseTimeouts>,
): Promise<{ handle: DatabaseHandle; open(): DatabaseHandle; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const open = () => openDatabase({ kind: 'postgres', url, schema, maxConnections: 5, timeouts });
  const handle = open();
  const drop = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await client.end();
    }
  };
  // A migration that fails (a busy machine's timeout) leaves no schema behind either.
  await migrateToLatest(handle.db as never, handle.dialect).catch(async (error: unknown) => {
    await handle.close().finally(drop);
    throw error;
  });
  return { handle, open, drop };
}

export interface ScratchDatabase {
  /** The new database's URL, for a server process's DATABASE_URL. */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

/**
 * A whole PostgreSQL database of its own on the TEST_DATABASE_URL server, empty, for server processes
 * (which take a URL, not a schema): the two-process test and the benches that start real servers.
 */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
