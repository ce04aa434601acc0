// The public performance figures against a small history whose answers are worked out by hand below,
// on both databases: months are the city's calendar months, across the change of the clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { performanceSchema } from '#shared/contracts/analytics.ts';

const NOW = new Date('2026-11-15T12:00:00Z');

describe.each(testDatabaseKinds)('the performance figures on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock: { now: () => NOW } });
    let n = 0;
    const seed = async (reportedAt: string, completedAt: string | null, dueAt: string | null, offensive = false) => {
      n += 1;
      await t.database.db
        .insertInto('reports')
        .values({
          what3words: `word.place.n${n}`,
          description: null,
          photo_key: `k${n}`,
          status: completedAt ? 'completed' : 'reported',
          reported_at: reportedAt,
          completed_at: completedAt,
          updated_at: completedAt ?? reportedAt,
          words_scheme: 'grid',
          priority: offensive ? 1 : 0,
          due_at: dueAt,
        })
        .execute();
    };
    // A: 23:30 BST on 24 October; cleaned 12 hours later, before its due time.
    await seed('2026-10-24T22:30:00Z', '2026-10-25T10:30:00Z', '2026-10-31T00:00:00Z');
    // B: offensive, 23:30 GMT on 31 October (October in the city); cleaned 1 hour later, in November.
    await seed('2026-10-31T23:30:00Z', '2026-11-01T00:30:00Z', '2026-11-01T23:30:00Z', true);
    // C: offensive, 00:30 BST on 1 October (30 September in GMT); cleaned 72 hours later, late.
    await seed('2026-09-30T23:30:00Z', '2026-10-03T23:30:00Z', '2026-10-01T23:30:00Z', true);
    // D, E, G: not cleaned, reported 5 days 3 hours, 6 hours and about 3.5 months ago.
    await seed('2026-11-10T09:00:00Z', null, '2026-11-17T00:00:00Z');
    await seed('2026-11-15T06:00:00Z', null, '2026-11-23T00:00:00Z');
    // F: cleaned 48 hours after it was reported, in time.
    await seed('2026-11-12T12:00:00Z', '2026-11-14T12:00:00Z', '2026-11-20T00:00:00Z');
    await seed('2026-08-01T12:00:00Z', null, '2026-08-08T23:00:00Z');
  });
  afterAll(() => t.close());

  it('answers each month and the last 30 days as worked out by hand', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/performance' });
    expect(response.statusCode).toBe(200);
    const figures = performanceSchema.parse(response.json());
    expect(figures.months.map((m) => m.period)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const month = (period: string) => figures.months.find((m) => m.period === period);
    // October: A, B and C made; A (12 h) and C (72 h) cleaned; A in time, C late; C offensive, late.
    expect(month('2026-10')).toEqual({
      period: '2026-10',
      label: 'October 2026',
      made: 3,
      cleaned: 2,
      cleanedByOwners: 0,
      medianHoursToClean: 42,
      cleanedWithinTargetPercent: 50,
      offensiveWithin24HoursPercent: 0,
    });
    // November: D, E and F made; B (1 h) and F (48 h) cleaned, both in time; B offensive, in 24 hours.
    expect(month('2026-11')).toMatchObject({
      made: 3,
      cleaned: 2,
      medianHoursToClean: 24.5,
      cleanedWithinTargetPercent: 100,
      offensiveWithin24HoursPercent: 100,
    });
    // September made nothing in the city's calendar: C was made on 1 October at 00:30 BST.
    expect(month('2026-09')).toMatchObject({ made: 0, cleaned: 0, medianHoursToClean: null });
    expect(month('2026-08')).toMatchObject({
      made: 1,
      cleaned: 0,
      cleanedWithinTargetPercent: null,
      offensiveWithin24HoursPercent: null,
    });
    // Since 12:00 on 16 October: A, B, D, E, F made; A (12 h), B (1 h), F (48 h) cleaned, all in time.
    expect(figures.last30Days).toMatchObject({
      made: 5,
      cleaned: 3,
      medianHoursToClean: 12,
      cleanedWithinTargetPercent: 100,
      offensiveWithin24HoursPercent: 100,
    });
    expect(figures.openByAge).toEqual([
      { band: 'Under 1 day', count: 1 },
      { band: '1 to 5 days', count: 0 },
      { band: '5 to 30 days', count: 1 },
      { band: 'Over 30 days', count: 1 },
    ]);
  });

  it('answers 304 to the same ETag, and gives the same figures as CSV', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/performance' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/api/performance', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const csv = await t.app.inject({ method: 'GET', url: '/api/performance/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Period,Reports made,Reports cleaned,Cleaned by owners (referred),Median hours to clean,Cleaned within target (%),Offensive removed within 24 hours (%)',
    );
    expect(lines).toContain('October 2026,3,2,0,42,50,0');
    expect(lines[lines.length - 1]).toBe('Last 30 days,5,3,0,12,100,100');
    expect(lines).toHaveLength(14);
  });
});
