// The tweaks to the two drivers do what they promise and change no answer: SQLite keeps a statement
// prepared and lets it go when the schema changes; PostgreSQL prepares a marked statement once per
// connection, and keeps a few connections open and ready (warmed at start, they are there for the
// first requests; a warm-up that cannot run a statement still leaves them and never fails the start).
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import Database from 'better-sqlite3';
import type { DatabaseHandle } from '#server/db/client.ts';
import {
  PREPARED_STATEMENT,
  WARM_CONNECTIONS,
  keepPreparedStatements,
  preparedStatementName,
} from './driver-tuning.ts';
import { createTestDatabase } from '#tests/databases.ts';

describe('the SQLite driver keeping statements prepared', () => {
  it('prepares a text once, follows the schema, and starts again after a schema change', () => {
    const sqlite = new Database(':memory:');
    keepPreparedStatements(sqlite);
    sqlite.exec('create table t (a integer)');
    const text = 'select count(*) as n from t';
    const first = sqlite.prepare(text);
    expect(sqlite.prepare(text)).toBe(first);
    sqlite.prepare('insert into t (a) values (1)').run();
    expect(sqlite.prepare(text).get()).toEqual({ n: 1 });
    sqlite.prepare('alter table t add column b text').run();
    const after = sqlite.prepare(text);
    expect(after).not.toBe(first);
    expect(after.get()).toEqual({ n: 1 });
    sqlite.close();
  });

  it('keeps the most recently used statements, not every text it ever saw', () => {
    const sqlite = new Database(':memory:');
    keepPreparedStatements(sqlite);
    const oldest = sqlite.prepare('select 0');
    for (let i = 1; i <= 300; i++) sqlite.prepare(`select ${i}`);
    expect(sqlite.prepare('select 0')).not.toBe(oldest);
    expect(sqlite.prepare('select 300')).toBe(sqlite.prepare('select 300'));
    sqlite.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL driver tuned', () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('prepares a marked statement on the connection under its name, and leaves others unprepared', async () => {
    database = await createTestDatabase('postgres');
    const marked = sql<{ n: number }>`${sql.raw(PREPARED_STATEMENT)} select count(*) as n from reports where id > ${0}`;
    const { rows } = await database.db.connection().execute(async (connection) => {
      await sql`select count(*) as n from reports where id > ${0}`.execute(connection);
      for (let i = 0; i < 2; i++) expect((await marked.execute(connection)).rows).toEqual([{ n: '0' }]);
      return sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection);
    });
    expect(rows.map((row) => row.name)).toEqual([preparedStatementName(marked.compile(database.db).sql)]);
  });

  it('opens the connections it keeps and plans the statements on each, ready and idle', async () => {
    database = await createTestDatabase('postgres');
    await database.warmUp!(['select * from reports limit 1', 'select * from sessions limit 1']);
    expect(database.poolStats!()).toEqual({ total: WARM_CONNECTIONS, idle: WARM_CONNECTIONS, waiting: 0 });
    // Requests then run on those connections, opening none.
    await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => sql`select pg_sleep(0.05)`.execute(database!.db)));
    expect(database.poolStats!().total).toBe(WARM_CONNECTIONS);
  });

  it('a statement that fails leaves the connections open and the warm-up still resolves', async () => {
    database = await createTestDatabase('postgres');
    await expect(database.warmUp!(['select * from no_such_table'])).resolves.toBeUndefined();
    expect(database.poolStats!()).toMatchObject({ total: WARM_CONNECTIONS, idle: WARM_CONNECTIONS });
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });
});
