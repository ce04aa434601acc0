// The databases the API suites run on: always SQLite; PostgreSQL too when TEST_DATABASE_URL is set.
// Each PostgreSQL database lives in its own fresh schema, dropped afterwards, so runs never meet.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

export type TestDatabaseKind = 'sqlite' | 'postgres';

export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export async function createTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'sqlite') {
    const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    await migrateToLatest(handle.db as never, handle.dialect);
    return handle;
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ kind: 'postgres', url, schema, maxConnections: 5 });
  await migrateToLatest(handle.db as never, handle.dialect);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}
