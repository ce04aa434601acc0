import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { reportPageSchema, type ReportPage, type ReportPageQuery } from '#shared/contracts/reports.ts';
import { reportListSchema } from '#shared/contracts/reports.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { reportsRepository } from './reports.repository.ts';

type Status = 'reported' | 'cleaning' | 'completed';

describe.each(testDatabaseKinds)('the management list on %s', (kind) => {
  let t: TestApp;
  let admin: Cookies;
  let volunteer: Cookies;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await adminCookies(t.app);
    volunteer = (await volunteerSession(t.database)).cookies;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  /** A report made through the reports repository, as the app makes one (so the list hears of it). */
  async function report(): Promise<number> {
    day += 1;
    const row = await reportsRepository(t.database.db).insert({
      what3words: `word.place.n${day}`,
      description: null,
      photoKey: `k${day}`,
      latitude: 55.95,
      longitude: -3.19,
      locationSource: 'words',
      wordsScheme: 'grid',
      idempotencyKey: null,
      locationStatus: 'checked',
      now: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString(),
    });
    return row.id;
  }

  let day = 0;
  /** A report straight into the database; reported a day after the previous one unless told. */
  async function insert(
    extra: {
      words?: string;
      status?: Status;
      reportedAt?: string;
      completedAt?: string | null;
      description?: string | null;
      placed?: boolean;
      priority?: boolean;
    } = {},
  ) {
    day += 1;
    const reportedAt = extra.reportedAt ?? new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString();
    const status = extra.status ?? 'reported';
    const row = await t.database.db
      .insertInto('reports')
      .values({
        what3words: extra.words ?? `word.place.n${day}`,
        description: extra.description ?? null,
        photo_key: `k${day}`,
        status,
        reported_at: reportedAt,
        completed_at:
          extra.completedAt === undefined
            ? status === 'completed'
              ? new Date(Date.parse(reportedAt) + 3_600_000).toISOString()
              : null
            : extra.completedAt,
        updated_at: reportedAt,
        latitude: extra.placed === false ? null : 55.95,
        longitude: extra.placed === false ? null : -3.19,
        words_scheme: 'grid',
        priority: extra.priority ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function page(query: ReportPageQuery, headers: Record<string, string> = {}) {
    const response = await t.app.inject({ method: 'GET', url: urlOf('/api/reports', {}, query), headers });
    return response;
  }
  async function pageOf(query: ReportPageQuery): Promise<ReportPage> {
    const response = await page(query);
    expect(response.statusCode, response.body).toBe(200);
    return reportPageSchema.parse(response.json());
  }
  /** Every page of a question, following the cursors: the ids in order. */
  async function walk(query: ReportPageQuery): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const result = await pageOf({ ...query, cursor });
      expect(result.reports.map((r) => r.position)).toEqual(result.reports.map((_, i) => ids.length + i + 1));
      ids.push(...result.reports.map((r) => r.id));
      if (!result.nextCursor) return ids;
      cursor = result.nextCursor;
    }
    throw new Error('too many pages');
  }
  /**
   * Five reports a-e made so that every sort orders them its own way (ties on the date included),
   * walked at each page size: with no sort and each sort, they come in the order given.
   */
  async function expectEverySortInOrder(
    [a, b, c, d, e]: number[],
    query: ReportPageQuery,
    limits: number[],
  ): Promise<void> {
    const expected = {
      none: [e, c, b, a, d],
      'reported-newest': [e, c, b, a, d],
      'reported-oldest': [d, a, b, c, e],
      // Not cleaned yet: after the cleaned ones, newest report first.
      'cleaned-newest': [b, a, d, e, c],
      'cleaned-oldest': [d, a, b, e, c],
    } as const;
    for (const [sort, order] of Object.entries(expected)) {
      const asked = sort === 'none' ? {} : { sort: sort as ReportPageQuery['sort'] };
      for (const limit of limits) {
        expect(await walk({ ...query, ...asked, limit }), `${sort} by ${limit}`).toEqual(order);
      }
    }
  }

  it('without a query the whole list is answered as before; with one, a page with the count and positions', async () => {
    for (let i = 0; i < 5; i++) await insert();
    const whole = await t.app.inject({ method: 'GET', url: '/api/reports' });
    expect(reportListSchema.parse(whole.json())).toHaveLength(5);

    const first = await pageOf({ limit: 2 });
    expect(first.total).toBe(5);
    expect(first.reports.map((r) => r.position)).toEqual([1, 2]);
    expect(first.nextCursor).not.toBeNull();
    const second = await pageOf({ limit: 2, cursor: first.nextCursor! });
    expect(second.reports.map((r) => r.position)).toEqual([3, 4]);
    const third = await pageOf({ limit: 2, cursor: second.nextCursor! });
    expect(third.reports.map((r) => r.position)).toEqual([5]);
    expect(third.nextCursor).toBeNull();
    // Newest reported first when no sort is chosen.
    expect([...first.reports, ...second.reports, ...third.reports].map((r) => r.reportedAt)).toEqual(
      reportListSchema.parse(whole.json()).map((r) => r.reportedAt),
    );
  });

  it('filters by status, and the count is of the reports that match', async () => {
    const reported = await insert();
    const cleaning = await insert({ status: 'cleaning' });
    const completed = await insert({ status: 'completed' });
    const alsoCompleted = await insert({ status: 'completed' });
    expect((await pageOf({ status: 'reported' })).reports.map((r) => r.id)).toEqual([reported]);
    expect((await pageOf({ status: 'cleaning' })).reports.map((r) => r.id)).toEqual([cleaning]);
    const done = await pageOf({ status: 'completed' });
    expect(done.reports.map((r) => r.id)).toEqual([alsoCompleted, completed]);
    expect(done.total).toBe(2);
    expect(done.reports.map((r) => r.position)).toEqual([1, 2]);
    expect((await pageOf({ status: 'all' })).total).toBe(4);
  });

  it('the four sorts, with ties in the sort key broken by report id, page by page without gaps or repeats', async () => {
    const same = '2026-03-01T10:00:00.000Z';
    const ids = {
      a: await insert({ reportedAt: same, status: 'completed', completedAt: '2026-03-05T10:00:00.000Z' }),
      b: await insert({ reportedAt: same, status: 'completed', completedAt: '2026-03-05T10:00:00.000Z' }),
      c: await insert({ reportedAt: same }),
      d: await insert({ reportedAt: '2026-02-01T10:00:00.000Z', status: 'completed', completedAt: same }),
      e: await insert({ reportedAt: '2026-04-01T10:00:00.000Z', status: 'cleaning' }),
    };
    const { a, b, c, d, e } = ids;
    await expectEverySortInOrder([a, b, c, d, e], {}, [1, 2, 3, 50]);
    expect(await walk({ sort: 'cleaned-newest', status: 'completed', limit: 1 })).toEqual([b, a, d]);
    expect(await walk({ sort: 'cleaned-oldest', status: 'reported', limit: 1 })).toEqual([c]);
  });

  it('a search keeps every sort, its ties and its pages, and marks duplicates among reports it does not match', async () => {
    const same = '2026-03-01T10:00:00.000Z';
    const shelter = (extra: Parameters<typeof insert>[0]) =>
      insert({ description: 'Paint on the bus shelter', ...extra });
    const a = await shelter({ reportedAt: same, status: 'completed', completedAt: '2026-03-05T10:00:00.000Z' });
    await insert({ reportedAt: same, description: 'Tag on the close wall' });
    const b = await shelter({ reportedAt: same, status: 'completed', completedAt: '2026-03-05T10:00:00.000Z' });
    const c = await shelter({ reportedAt: same, words: 'index.home.raft' });
    await insert({ reportedAt: '2026-02-15T10:00:00.000Z', words: 'index.home.raft' });
    const d = await shelter({ reportedAt: '2026-02-01T10:00:00.000Z', status: 'completed', completedAt: same });
    const e = await shelter({ reportedAt: '2026-04-01T10:00:00.000Z', status: 'cleaning' });
    await expectEverySortInOrder([a, b, c, d, e], { q: 'shelter' }, [1, 2, 50]);
    expect(await walk({ q: 'bus shelter', status: 'completed', sort: 'cleaned-newest', limit: 1 })).toEqual([b, a, d]);
    const found = await pageOf({ q: 'SHELTER', limit: 50 });
    expect(found.total).toBe(5);
    // Its twin is not in the search, and still shades it.
    expect(found.reports.find((r) => r.id === c)!.duplicate).toBe(true);
    expect(found.reports.filter((r) => r.duplicate)).toHaveLength(1);
  });

  it('a report added or deleted between two pages neither repeats nor skips one, and positions follow', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await insert());
    const newestFirst = [...ids].reverse();
    const first = await pageOf({ limit: 3 });
    expect(first.reports.map((r) => r.id)).toEqual(newestFirst.slice(0, 3));

    // A new report goes to the top, and one on the first page is deleted.
    await insert();
    await t.database.db.deleteFrom('reports').where('id', '=', newestFirst[1]!).execute();
    const second = await pageOf({ limit: 3, cursor: first.nextCursor! });
    expect(second.reports.map((r) => r.id)).toEqual(newestFirst.slice(3));
    // Counted again: one new above, one gone above, so the fourth is still fourth.
    expect(second.reports.map((r) => r.position)).toEqual([4, 5, 6]);

    // The page's last report itself deleted: the next page still starts after where it was.
    await t.database.db.deleteFrom('reports').where('id', '=', newestFirst[2]!).execute();
    const again = await pageOf({ limit: 3, cursor: first.nextCursor! });
    expect(again.reports.map((r) => r.id)).toEqual(newestFirst.slice(3));
    expect(again.reports.map((r) => r.position)).toEqual([3, 4, 5]);
  });

  it('shades a report whose location any other report shares, even one on another page or of another status', async () => {
    const twin = await insert({ words: 'index.home.raft', status: 'completed' });
    for (let i = 0; i < 3; i++) await insert();
    const top = await insert({ words: 'index.home.raft' });
    const result = await pageOf({ status: 'reported', limit: 2 });
    expect(result.reports[0]).toMatchObject({ id: top, duplicate: true });
    expect(result.reports[1]!.duplicate).toBe(false);
    expect((await pageOf({ status: 'completed' })).reports[0]).toMatchObject({ id: twin, duplicate: true });
  });

  it('searches words of the location or the description, or a report number; unplaced reports; a date range', async () => {
    const tag = await insert({ words: 'filled.count.soap', description: 'Red TAG on the close wall' });
    const stencil = await insert({ words: 'daring.lion.race', description: 'Stencil, 50% faded' });
    const lost = await insert({ words: 'index.home.raft', placed: false, reportedAt: '2026-06-15T23:30:00.000Z' });
    const ids = async (query: ReportPageQuery) => (await pageOf(query)).reports.map((r) => r.id);
    expect(await ids({ q: 'tag' })).toEqual([tag]);
    expect(await ids({ q: 'close tag' })).toEqual([tag]);
    expect(await ids({ q: 'close stencil' })).toEqual([]);
    // Every word must be found, each in the location or the description.
    expect(await ids({ q: 'daring faded stencil' })).toEqual([stencil]);
    expect(await ids({ q: 'daring "faded' })).toEqual([]);
    expect(await ids({ q: 'faded 50' })).toEqual([stencil]);
    expect(await ids({ q: 'lion.race' })).toEqual([stencil]);
    expect(await ids({ q: '///daring' })).toEqual([stencil]);
    expect(await ids({ q: '50%' })).toEqual([stencil]);
    expect(await ids({ q: '5_%' })).toEqual([]);
    expect(await ids({ q: `#${lost}` })).toEqual([lost]);
    expect(await ids({ q: String(lost) })).toContain(lost);
    expect((await pageOf({ q: 'tag' })).total).toBe(1);
    expect(await ids({ unplaced: '1' })).toEqual([lost]);
    // 23:30 UTC on 15 June is 00:30 on 16 June in Edinburgh (BST).
    expect(await ids({ from: '2026-06-16', to: '2026-06-16' })).toEqual([lost]);
    expect(await ids({ to: '2026-06-15' })).toEqual([stencil, tag]);
  });

  it('the search follows edits and deletions, and takes quotes and short words as typed', async () => {
    const shelter = await insert({ words: 'filled.count.soap', description: 'Spray on the bus shelter' });
    const quoted = await insert({ words: 'daring.lion.race', description: 'Says "NO" in red, by a gate' });
    const ids = async (q: string) => (await pageOf({ q })).reports.map((r) => r.id);
    expect(await ids('SHELTER')).toEqual([shelter]);
    expect(await ids('"no"')).toEqual([quoted]);
    expect(await ids('no" or "x')).toEqual([]);
    expect(await ids('re')).toEqual([quoted]);

    await t.database.db
      .updateTable('reports')
      .set({ description: 'Tag on the bin' })
      .where('id', '=', shelter)
      .execute();
    expect(await ids('shelter')).toEqual([]);
    expect(await ids('bin')).toEqual([shelter]);
    await t.database.db
      .updateTable('reports')
      .set({ what3words: 'index.home.raft' })
      .where('id', '=', quoted)
      .execute();
    expect(await ids('home.raft')).toEqual([quoted]);
    expect(await ids('lion')).toEqual([]);
    await t.database.db.deleteFrom('reports').where('id', '=', quoted).execute();
    expect(await ids('raft')).toEqual([]);
    expect((await pageOf({ q: 'gate' })).total).toBe(0);
  });

  it("'Priority only' lists the priority reports, counted and paged; in the CSV too", async () => {
    const plain = await insert();
    const old = await insert({ priority: true, status: 'completed' });
    await insert();
    const recent = await insert({ priority: true });
    const newest = await insert({ priority: true, status: 'cleaning' });
    for (const limit of [1, 2, 3]) expect(await walk({ priority: '1', limit })).toEqual([newest, recent, old]);
    expect((await pageOf({ priority: '1', limit: 1 })).total).toBe(3);
    expect((await pageOf({ priority: '1', status: 'reported' })).reports.map((r) => r.id)).toEqual([recent]);
    expect((await pageOf({ priority: '1', status: 'reported' })).total).toBe(1);
    expect(await walk({ priority: '1', sort: 'cleaned-newest', limit: 1 })).toEqual([old, newest, recent]);
    expect((await pageOf({ status: 'all' })).reports.map((r) => r.id)).toContain(plain);

    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/reports/export?priority=1', cookies: admin });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n').slice(1);
    expect(lines.map((line) => Number(line.split(',')[1]))).toEqual([newest, recent, old]);
  });

  it("'Priority first' puts priority reports before the rest, each in the chosen sort, across page boundaries", async () => {
    const same = '2026-03-01T10:00:00.000Z';
    const a = await insert({ reportedAt: same, status: 'completed', completedAt: '2026-03-05T10:00:00.000Z' });
    const b = await insert({ reportedAt: same, status: 'completed', priority: true, completedAt: same });
    const c = await insert({ reportedAt: same, priority: true });
    const d = await insert({ reportedAt: '2026-02-01T10:00:00.000Z', status: 'completed', completedAt: same });
    const e = await insert({ reportedAt: '2026-04-01T10:00:00.000Z', status: 'cleaning' });
    const f = await insert({ reportedAt: '2026-01-15T10:00:00.000Z', priority: true });
    const expected = {
      none: [c, b, f, e, a, d],
      'reported-newest': [c, b, f, e, a, d],
      'reported-oldest': [f, b, c, d, a, e],
      // Within each group, not cleaned yet comes after the cleaned ones, newest report first.
      'cleaned-newest': [b, f, c, a, d, e],
      'cleaned-oldest': [b, f, c, d, a, e],
    } as const;
    for (const [sort, order] of Object.entries(expected)) {
      const asked = sort === 'none' ? {} : { sort: sort as ReportPageQuery['sort'] };
      for (const limit of [1, 2, 3, 50]) {
        expect(await walk({ ...asked, priorityFirst: '1', limit }), `${sort} by ${limit}`).toEqual(order);
      }
    }
    const first = await pageOf({ priorityFirst: '1', limit: 2 });
    expect(first.total).toBe(6);
    expect(await walk({ priorityFirst: '1', status: 'reported', limit: 1 })).toEqual([c, f]);
    expect(await walk({ priorityFirst: '1', status: 'completed', limit: 1 })).toEqual([b, a, d]);
    expect(await walk({ priorityFirst: '1', priority: '1', limit: 2 })).toEqual([c, b, f]);

    // A cursor belongs to its order: not to the same sort without 'Priority first', nor the reverse.
    const plainCursor = (await pageOf({ limit: 1 })).nextCursor!;
    expect((await page({ priorityFirst: '1', limit: 1, cursor: plainCursor })).statusCode).toBe(400);
    expect((await page({ limit: 1, cursor: first.nextCursor! })).statusCode).toBe(400);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/export?priorityFirst=1&sort=reported-oldest',
      cookies: admin,
    });
    const lines = csv.body.trimEnd().split('\r\n').slice(1);
    expect(lines.map((line) => Number(line.split(',')[1]))).toEqual(expected['reported-oldest']);
    expect(lines.map((line) => Number(line.split(',')[0]))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a page carries its own ETag: 304 while nothing changes, a new one when a report changes or the question does', async () => {
    await insert();
    const first = await page({ status: 'all', limit: 50 });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await page({ status: 'all', limit: 50 }, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await page({ status: 'reported', limit: 50 }, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    const added = await report();
    const afterAdd = await page({ status: 'all', limit: 50 }, { 'if-none-match': etag });
    expect(afterAdd.statusCode).toBe(200);
    // A deletion changes it too; so does a status change.
    const reports = reportsRepository(t.database.db);
    await reports.delete(added);
    const afterDelete = await page({ status: 'all', limit: 50 }, { 'if-none-match': afterAdd.headers.etag as string });
    expect(afterDelete.statusCode).toBe(200);
    const ids = (await reports.list()).map((row) => row.id);
    await reports.setStatusMany(ids, 'completed', null, new Date().toISOString());
    const afterStatus = await page(
      { status: 'all', limit: 50 },
      { 'if-none-match': afterDelete.headers.etag as string },
    );
    expect(afterStatus.statusCode).toBe(200);
    expect((await pageOf({ status: 'completed' })).total).toBe(1);
    expect((await pageOf({ status: 'reported' })).total).toBe(0);
  });

  it("a page asked by position starts at that 'Report #n' in every sort and filter, and pages on from there", async () => {
    const same = '2026-03-01T10:00:00.000Z';
    const a = await insert({ reportedAt: same, status: 'completed', completedAt: '2026-03-05T10:00:00.000Z' });
    const b = await insert({ reportedAt: same, status: 'completed', priority: true, completedAt: same });
    const c = await insert({ reportedAt: same, priority: true, description: 'Paint on the bus shelter' });
    const d = await insert({ reportedAt: '2026-02-01T10:00:00.000Z', status: 'completed', completedAt: same });
    const e = await insert({ reportedAt: '2026-04-01T10:00:00.000Z', status: 'cleaning' });
    const f = await insert({ reportedAt: '2026-01-15T10:00:00.000Z', priority: true, description: 'Bus shelter' });
    const questions: ReportPageQuery[] = [
      {},
      { sort: 'reported-oldest' },
      { sort: 'cleaned-newest' },
      { sort: 'cleaned-oldest' },
      { priorityFirst: '1' },
      { priorityFirst: '1', sort: 'cleaned-oldest' },
      { status: 'completed', sort: 'cleaned-newest' },
      { q: 'shelter' },
      { q: 'shelter', priorityFirst: '1', sort: 'reported-oldest' },
    ];
    for (const question of questions) {
      const order = await walk({ ...question, limit: 50 });
      for (let position = 1; position <= order.length; position++) {
        const jumped = await pageOf({ ...question, position, limit: 2 });
        const label = `${JSON.stringify(question)} from #${position}`;
        expect(
          jumped.reports.map((r) => r.id),
          label,
        ).toEqual(order.slice(position - 1, position + 1));
        expect(
          jumped.reports.map((r) => r.position),
          label,
        ).toEqual(order.slice(position - 1, position + 1).map((_, i) => position + i));
        expect(jumped.total, label).toBe(order.length);
        // Its cursor carries on in the same order, numbered on.
        if (position + 2 <= order.length) {
          const next = await pageOf({ ...question, cursor: jumped.nextCursor!, limit: 50 });
          expect(
            next.reports.map((r) => r.id),
            label,
          ).toEqual(order.slice(position + 1));
          expect(next.reports[0]!.position, label).toBe(position + 2);
        } else {
          expect(jumped.nextCursor, label).toBeNull();
        }
      }
      // Past the end: an empty page that says how many there are.
      const beyond = await pageOf({ ...question, position: order.length + 1 });
      expect(beyond.reports).toEqual([]);
      expect(beyond.total).toBe(order.length);
      expect(beyond.nextCursor).toBeNull();
    }
    expect(await walk({ priorityFirst: '1' })).toEqual([c, b, f, e, a, d]);

    // Asked as a position and a cursor at once, or with a position that is not a number from 1, it says so.
    const first = await pageOf({ limit: 1 });
    const both = await page({ position: 2, cursor: first.nextCursor! });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Ask for a page by its position or by where the last one ended, not both.');
    for (const position of ['0', '-3', '2.5', 'ten', '99999999999']) {
      expect((await page({ position } as never)).statusCode, position).toBe(400);
    }
  });

  it('a page asked by position has its own ETag: 304 while nothing changes, 200 once a report above it changes', async () => {
    for (let i = 0; i < 4; i++) await insert();
    const asked = await page({ position: 3, limit: 50 });
    const etag = asked.headers.etag as string;
    expect((await page({ position: 3, limit: 50 }, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await page({ position: 2, limit: 50 }, { 'if-none-match': etag })).statusCode).toBe(200);
    const newest = await report();
    const moved = await page({ position: 3, limit: 50 }, { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(reportPageSchema.parse(moved.json()).reports[0]!.id).toBe(newest - 2);
  });

  it('refuses a cursor of another sort or a made-up one, and a bad filter', async () => {
    for (let i = 0; i < 3; i++) await insert();
    const first = await pageOf({ limit: 1 });
    const wrong = await page({ limit: 1, sort: 'cleaned-oldest', cursor: first.nextCursor! });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/no longer valid/);
    expect((await page({ cursor: 'bm9uc2Vuc2U' })).statusCode).toBe(400);
    expect((await page({ status: 'lost' as never })).statusCode).toBe(400);
    expect((await page({ limit: 1000 })).statusCode).toBe(400);
    // A day the calendar lacks is the caller's slip, answered as such, never a database's error.
    for (const from of ['9999-99-99', '2026-02-30']) {
      const refused = await page({ from });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/not a day of the calendar/);
    }
  });

  it('an administrator sets the status of several reports at once; completedAt follows; volunteers may not', async () => {
    const a = await insert();
    const b = await insert({ status: 'cleaning' });
    const c = await insert({ status: 'completed', completedAt: '2026-05-01T10:00:00.000Z' });
    const url = '/api/admin/reports/status';
    const refused = await t.app.inject({
      method: 'POST',
      url,
      cookies: volunteer,
      payload: { ids: [a], status: 'completed' },
    });
    expect(refused.statusCode).toBe(403);
    const done = await t.app.inject({
      method: 'POST',
      url,
      cookies: admin,
      payload: { ids: [a, b, c, 999_999], status: 'completed' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ updated: 3 });
    const rows = await t.database.db
      .selectFrom('reports')
      .select(['id', 'status', 'completed_at'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    // Already completed: left as it was.
    expect(new Date(rows[2]!.completed_at!).toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(rows[0]!.completed_at).not.toBeNull();

    const back = await t.app.inject({
      method: 'POST',
      url,
      cookies: admin,
      payload: { ids: [a, b], status: 'reported' },
    });
    expect(back.json()).toEqual({ updated: 2 });
    expect((await pageOf({ status: 'reported' })).reports.every((r) => r.completedAt === null)).toBe(true);
    const empty = await t.app.inject({ method: 'POST', url, cookies: admin, payload: { ids: [], status: 'reported' } });
    expect(empty.statusCode).toBe(400);
  });

  it('exports the reports being shown as CSV, in the list order, quoted and with formulas made harmless', async () => {
    await insert({ words: 'filled.count.soap', description: '=HYPERLINK("http://evil")' });
    await insert({ words: 'index.home.raft', description: 'Tag, "big", on\ntwo lines', status: 'completed' });
    await insert({ words: 'index.home.raft', description: 'Same wall' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/reports/export', cookies: volunteer });
    expect(refused.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/export?status=reported&sort=reported-oldest',
      cookies: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="reports-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Position,Report id,Three-word location,Description,Status,Reported,Cleaned,Latitude,Longitude,Shares its location,Photo',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1,\d+,filled\.count\.soap,"'=HYPERLINK\(""http:\/\/evil""\)",Awaiting cleanup,/);
    expect(lines[2]).toMatch(/^2,\d+,index\.home\.raft,Same wall,Awaiting cleanup,.*,yes,/);
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/reports/export', cookies: admin });
    expect(all.body).toContain('"Tag, ""big"", on\ntwo lines"');
  });
});
