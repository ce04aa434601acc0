// The find page's count of sites waiting to be cleaned is read from one row the database's triggers
// keep, not counted; whatever writes reports, and however many at once, the row says what a count says.
// On SQLite the same triggers' siblings keep the R*Trees of open sites the nearest-site search reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { columnKit } from '#server/db/migrations/column-kit.ts';
import { up as buildOpenSiteTrees } from '#server/db/migrations/036-open-sites-rtree.ts';
import { openSitesRepository } from './open-sites.repository.ts';

describe.each(testDatabaseKinds)('the open-site counts on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const report = (i: number, status: 'reported' | 'cleaning' | 'completed', placed: boolean) => ({
    what3words: `count.site.${i}`,
    photo_key: 'countTestPhotoKey',
    status,
    reported_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    latitude: placed ? 55.95 + i / 10_000 : null,
    longitude: placed ? -3.2 - i / 7_000 : null,
    priority: i % 3 === 0 ? 1 : 0,
    words_scheme: 'grid' as const,
  });

  /** SQLite: what each R*Tree holds, beside what reading reports gives. */
  async function expectTreesRight() {
    if (kind !== 'sqlite') return;
    for (const [tree, priorityOnly] of [
      ['open_sites', false],
      ['open_priority_sites', true],
    ] as const) {
      const { rows: held } = await sql<{
        id: number;
        latitude: number;
        longitude: number;
      }>`select id, latitude, longitude
        from ${sql.table(tree)} order by id`.execute(database.db);
      const expected = await database.db
        .selectFrom('reports')
        .select(['id', 'latitude', 'longitude'])
        .where('status', '=', 'reported')
        .where('latitude', 'is not', null)
        .where('longitude', 'is not', null)
        .$if(priorityOnly, (q) => q.where('priority', '=', 1))
        .orderBy('id')
        .execute();
      expect(held).toEqual(expected);
    }
  }

  /** What counting every report gives. */
  async function counted() {
    const { rows } = await sql<{ placed: string | number; unplaced: string | number }>`select
        coalesce(sum(case when latitude is not null then 1 else 0 end), 0) as placed,
        coalesce(sum(case when latitude is null then 1 else 0 end), 0) as unplaced
      from reports where status = 'reported'`.execute(database.db);
    return { withCoordinates: Number(rows[0]!.placed), withoutCoordinates: Number(rows[0]!.unplaced) };
  }

  async function expectCountsRight(withCoordinates: number, withoutCoordinates: number) {
    const kept = await openSitesRepository(database.db).countOpenSites();
    expect(kept).toEqual(await counted());
    expect(kept).toEqual({ withCoordinates, withoutCoordinates });
    await expectTreesRight();
  }

  it('follow each create, status change, position found, delete and change of many at once', async () => {
    const db = database.db;
    await expectCountsRight(0, 0);
    const ids = (
      await db
        .insertInto('reports')
        .values([
          ...Array.from({ length: 6 }, (_, i) => report(i, 'reported', true)),
          report(6, 'reported', false),
          report(7, 'cleaning', true),
          report(8, 'completed', false),
        ])
        .returning('id')
        .execute()
    ).map((row) => row.id);
    await expectCountsRight(6, 1);

    // Claimed, cleaned, and a lapsed claim back to open.
    await db.updateTable('reports').set({ status: 'cleaning' }).where('id', '=', ids[0]!).execute();
    await expectCountsRight(5, 1);
    await db.updateTable('reports').set({ status: 'completed' }).where('id', '=', ids[0]!).execute();
    await db.updateTable('reports').set({ status: 'reported' }).where('id', '=', ids[7]!).execute();
    await expectCountsRight(6, 1);
    // The words placed on the map later; an edit that changes neither leaves the counts alone.
    await db.updateTable('reports').set({ latitude: 55.9, longitude: -3.1 }).where('id', '=', ids[6]!).execute();
    await db.updateTable('reports').set({ description: 'Tag on the wall' }).where('id', 'in', ids).execute();
    await expectCountsRight(7, 0);
    await db.updateTable('reports').set({ status: 'reported' }).where('id', '=', ids[8]!).execute();
    await expectCountsRight(7, 1);

    // Marked offensive and unmarked, moved on the map, and renumbered.
    await db.updateTable('reports').set({ priority: 1 }).where('id', '=', ids[1]!).execute();
    await db.updateTable('reports').set({ priority: 0 }).where('id', '=', ids[3]!).execute();
    await db.updateTable('reports').set({ longitude: -3.15 }).where('id', '=', ids[4]!).execute();
    await expectCountsRight(7, 1);
    await db
      .updateTable('reports')
      .set({ id: sql<number>`id + 1000` })
      .where('id', 'in', ids.slice(4))
      .execute();
    await db
      .updateTable('reports')
      .set({ id: sql<number>`id - 1000` })
      .where('id', '>', 1000)
      .execute();
    await expectCountsRight(7, 1);

    await db.deleteFrom('reports').where('id', 'in', [ids[1]!, ids[8]!, ids[0]!]).execute();
    await expectCountsRight(6, 0);
    await db.updateTable('reports').set({ status: 'completed' }).where('id', 'in', ids.slice(2, 5)).execute();
    await expectCountsRight(3, 0);
    await db.updateTable('reports').set({ status: 'reported' }).execute();
    await expectCountsRight(6, 0);
    await db.deleteFrom('reports').execute();
    await expectCountsRight(0, 0);
  });

  it('stay right when many writers change reports at once', async () => {
    const db = database.db;
    const ids = (
      await db
        .insertInto('reports')
        .values(Array.from({ length: 40 }, (_, i) => report(100 + i, 'reported', i % 4 !== 0)))
        .returning('id')
        .execute()
    ).map((row) => row.id);
    // Each writer claims, completes or reopens its own reports in its own transaction, all together.
    await Promise.all(
      ids.map((id, i) =>
        db.transaction().execute(async (trx) => {
          await trx.updateTable('reports').set({ status: 'cleaning' }).where('id', '=', id).execute();
          if (i % 3 === 0) await trx.updateTable('reports').set({ status: 'completed' }).where('id', '=', id).execute();
          if (i % 3 === 1) await trx.updateTable('reports').set({ status: 'reported' }).where('id', '=', id).execute();
          if (i % 5 === 0) await trx.deleteFrom('reports').where('id', '=', id).execute();
        }),
      ),
    );
    const expected = await counted();
    expect(expected.withCoordinates + expected.withoutCoordinates).toBeGreaterThan(0);
    await expectCountsRight(expected.withCoordinates, expected.withoutCoordinates);
  });

  it.runIf(kind === 'sqlite')(
    'the R*Trees are built from the reports already there when the migration runs',
    async () => {
      const db = database.db;
      await db.deleteFrom('reports').execute();
      await db
        .insertInto('reports')
        .values(
          Array.from({ length: 30 }, (_, i) => report(200 + i, i % 5 === 0 ? 'completed' : 'reported', i % 4 !== 0)),
        )
        .execute();
      for (const tree of ['open_sites', 'open_priority_sites']) {
        for (const change of ['insert', 'delete', 'update']) {
          await sql`drop trigger ${sql.raw(`reports_${tree}_${change}`)}`.execute(db);
        }
        await sql`drop table ${sql.table(tree)}`.execute(db);
      }
      await buildOpenSiteTrees(db as never, columnKit('sqlite'));
      await expectTreesRight();
      const { rows } = await sql<{ n: number }>`select count(*) as n from open_sites`.execute(db);
      expect(rows[0]!.n).toBeGreaterThan(15);
    },
  );
});
