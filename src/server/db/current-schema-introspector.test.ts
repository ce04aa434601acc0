// The app (its migrator first of all) learns only of its own schema's tables, so that another app or
// test run on the same PostgreSQL server renaming or dropping a table never fails a migration: the
// listing looks each table up again by name, and one renamed in between failed it.
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#tests/databases.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the tables the app sees on PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function otherSchemaWithATable(): Promise<string> {
    const schema = `other_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    cleanups.push(async () => {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });
    await client.query(`create schema ${schema}`);
    await client.query(`create table ${schema}.achievements (id serial primary key, badge text)`);
    return schema;
  }

  it('lists only the tables of its own schema, with their columns', async () => {
    const database: DatabaseHandle = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const schema = await otherSchemaWithATable();

    const tables = await database.db.introspection.getTables();
    expect(tables.map((t) => t.schema)).not.toContain(schema);
    const achievements = tables.filter((t) => t.name === 'achievements');
    expect(achievements).toHaveLength(1);
    expect(achievements[0]!.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true });
    expect(achievements[0]!.columns.map((c) => c.name)).toContain('volunteer_id');
  });
});
