// PostgreSQL keeps a few connections open and ready: warmed at start, they are there for the first
// requests, and a warm-up that cannot run a statement still leaves them (it never fails the start).
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WARM_CONNECTIONS, type DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/databases.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool kept warm', () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
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
