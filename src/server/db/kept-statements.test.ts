// SQLite keeps each statement prepared across runs. What a kept statement answers is what a fresh one
// would: after the schema changes under it, and once more texts have been run than are kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';

describe('SQLite statements kept prepared', () => {
  let dir: string;
  let database: DatabaseHandle;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-kept-'));
    database = openDatabase({ kind: 'sqlite', filename: path.join(dir, 'app.db') });
    await sql`create table walls (id integer primary key, words text not null)`.execute(database.db);
    await sql`insert into walls (words) values ('one.two.three'), ('four.five.six')`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const everyWall = () => sql<Record<string, unknown>>`select * from walls order by id`.execute(database.db);

  it('a kept select * shows a column added after it was first run', async () => {
    expect((await everyWall()).rows).toEqual([
      { id: 1, words: 'one.two.three' },
      { id: 2, words: 'four.five.six' },
    ]);
    await sql`alter table walls add column cleaned integer not null default 0`.execute(database.db);
    expect((await everyWall()).rows).toEqual([
      { id: 1, words: 'one.two.three', cleaned: 0 },
      { id: 2, words: 'four.five.six', cleaned: 0 },
    ]);
  });

  it('answers rightly after more different statements than are kept', async () => {
    for (let i = 0; i < 600; i++) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(i)} + count(*) as n from walls`.execute(database.db);
      expect(rows).toEqual([{ n: i + 2 }]);
    }
    expect((await everyWall()).rows).toHaveLength(2);
  });
});
