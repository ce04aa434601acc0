// The list's state row (its version and its count of each status) stays right through statements that
// change many reports at once, on both databases, and a statement that changes none leaves the version
// as it was, so an unchanged list is still answered 304.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';

const STATUSES = ['reported', 'cleaning', 'completed'] as const;

describe.each(testDatabaseKinds)('the report list state on %s', (kind) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.close());

  async function state() {
    const row = await database.db
      .selectFrom('report_list_state')
      .select(['version', ...STATUSES])
      .executeTakeFirstOrThrow();
    return {
      version: Number(row.version),
      counts: { reported: Number(row.reported), cleaning: Number(row.cleaning), completed: Number(row.completed) },
    };
  }

  it('counts each status right after statements that insert, update and delete many reports at once', async () => {
    const start = await state();
    expect(start.counts).toEqual({ reported: 0, cleaning: 0, completed: 0 });

    const at = '2026-11-20T09:00:00.000Z';
    const inserted = await database.db
      .insertInto('reports')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          what3words: `wall.number.${i}`,
          description: null,
          photo_key: `fixture${i}`,
          status: STATUSES[i % 3]!,
          reported_at: at,
          updated_at: at,
          latitude: null,
          longitude: null,
          location_source: null,
          words_scheme: 'grid' as const,
        })),
      )
      .returning('id')
      .execute();
    const afterInsert = await state();
    expect(afterInsert.counts).toEqual({ reported: 10, cleaning: 10, completed: 10 });
    expect(afterInsert.version).toBeGreaterThan(start.version);

    // Twenty reports cleaned in one statement: the ten already cleaned are counted once, not twice.
    await database.db.updateTable('reports').set({ status: 'completed' }).execute();
    const afterUpdate = await state();
    expect(afterUpdate.counts).toEqual({ reported: 0, cleaning: 0, completed: 30 });
    expect(afterUpdate.version).toBeGreaterThan(afterInsert.version);

    const gone = inserted.slice(0, 5).map((row) => row.id);
    await database.db.deleteFrom('reports').where('id', 'in', gone).execute();
    const afterDelete = await state();
    expect(afterDelete.counts).toEqual({ reported: 0, cleaning: 0, completed: 25 });
    expect(afterDelete.version).toBeGreaterThan(afterUpdate.version);

    // Statements that change no report leave the version alone.
    await database.db.updateTable('reports').set({ status: 'reported' }).where('id', 'in', gone).execute();
    await database.db.deleteFrom('reports').where('id', 'in', gone).execute();
    expect(await state()).toEqual(afterDelete);

    // Every count agrees with the reports themselves.
    const counted = await database.db
      .selectFrom('reports')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(counted.map((row) => [row.status, Number(row.n)]))).toEqual({ completed: 25 });
  });
});
