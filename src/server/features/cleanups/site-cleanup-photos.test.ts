// The public map's before and after photos, on each database: given for a site cleaned lately, never
// for offensive graffiti, a site cleaned long ago or one still open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { movableClock } from '#tests/volunteers.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabaseKinds)('clean-up photos on the map on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock: movableClock(NOW) });
    const { db } = t.database;
    const site = async (name: string, status: 'reported' | 'completed', cleanedDaysAgo: number, priority = 0) => {
      const at = new Date(NOW.getTime() - cleanedDaysAgo * DAY).toISOString();
      const { id } = await db
        .insertInto('reports')
        .values({
          what3words: `${name}.wall.here`,
          description: null,
          photo_key: `report${name}`.padEnd(32, 'x'),
          status,
          priority,
          reported_at: at,
          updated_at: at,
          completed_at: status === 'completed' ? at : null,
          latitude: 55.95,
          longitude: -3.19,
          location_source: 'device',
          words_scheme: 'grid',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('cleanups')
        .values({
          report_id: id,
          volunteer_id: null,
          completed_at: at,
          minutes_worked: 30,
          before_photo_key: `before${name}`.padEnd(32, 'x'),
          after_photo_key: `after${name}`.padEnd(32, 'x'),
          notes: 'Wore gloves',
        })
        .execute();
      ids[name] = id;
    };
    await site('lately', 'completed', 10);
    await site('rude', 'completed', 10, 1);
    await site('long', 'completed', 200);
    await site('open', 'reported', 1);
  });
  afterAll(async () => t?.close());

  it('gives the before and after photos of a site cleaned lately, and nothing else of the clean-up', async () => {
    const response = await t.app.inject(`/api/map/sites/${ids.lately}/cleanup`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      before: { photoUrl: `/photos/${'beforelately'.padEnd(32, 'x')}.jpg`, thumbnailUrl: expect.any(String) },
      after: { photoUrl: `/photos/${'afterlately'.padEnd(32, 'x')}.jpg`, thumbnailUrl: expect.any(String) },
    });
    expect(response.body).not.toContain('gloves');
  });

  it('gives none for offensive graffiti, a site cleaned long ago, an open site or no site', async () => {
    for (const id of [ids.rude, ids.long, ids.open, 999_999]) {
      expect((await t.app.inject(`/api/map/sites/${id}/cleanup`)).statusCode).toBe(404);
    }
    expect((await t.app.inject('/api/map/sites/abc/cleanup')).statusCode).toBe(400);
  });
});
