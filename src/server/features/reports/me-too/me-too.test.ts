// 'Me too': anyone confirms an open report instead of making another, once per device, optionally with
// a photo (sent with it or ahead of it); administrators see the count, and 'Priority first' shows such
// reports after the offensive ones. Bounded per client and across the service; a refusal keeps nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg, textNamedJpg } from '#tests/fixture-photos.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { urlOf } from '#shared/contracts/http.ts';
import { meTooResultSchema } from '#shared/contracts/me-too.ts';
import { reportPageSchema, stagedPhotoSchema, type ReportPageQuery } from '#shared/contracts/reports.ts';
import { meTooMessages } from '#shared/domain/me-too-messages.ts';
import { reportsRepository } from '../reports.repository.ts';

const HOUR = 60 * 60_000;
const deviceA = 'a'.repeat(32);
const deviceB = 'b'.repeat(40);

describe.each(testDatabaseKinds)("'Me too' on %s", (kind) => {
  let t: TestApp;
  let now: number;
  let day = 0;
  const clock = { now: () => new Date(now) };

  async function build(limits: NonNullable<Parameters<typeof buildTestApp>[1]>['limits'] = {}) {
    t = await buildTestApp(kind, { clock, limits });
  }
  beforeEach(async () => {
    now = Date.parse('2026-11-29T10:00:00.000Z');
    await build();
  });
  afterEach(() => t.close());

  /** A report made as the app makes one, reported a day after the previous one. */
  async function report(extra: { priority?: boolean } = {}): Promise<number> {
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
      priority: extra.priority,
      now: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString(),
    });
    return row.id;
  }

  async function meToo(
    id: number,
    fields: Record<string, string>,
    options: { photo?: Buffer; cookie?: string; remoteAddress?: string } = {},
  ) {
    const { payload, headers } = await multipartBody(
      fields,
      options.photo ? { photo: { data: options.photo, name: 'wall.jpg', type: 'image/jpeg' } } : {},
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/reports/${id}/me-too`,
      payload,
      headers: { ...headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }

  const rowOf = (id: number) =>
    t.database.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const photosOf = (id: number) =>
    t.database.db.selectFrom('report_photos').selectAll().where('report_id', '=', id).execute();

  async function pageOf(query: ReportPageQuery, cookies: Cookies) {
    const response = await t.app.inject({ method: 'GET', url: urlOf('/api/reports', {}, query), cookies });
    expect(response.statusCode, response.body).toBe(200);
    return reportPageSchema.parse(response.json());
  }

  it('counts one per device: the same device again is refused, another device counts', async () => {
    const id = await report();
    const first = await meToo(id, { device: deviceA });
    expect(first.statusCode, first.body).toBe(201);
    expect(meTooResultSchema.parse(first.json())).toEqual({ id, meTooCount: 1, message: meTooMessages.thanks });

    const again = await meToo(id, { device: deviceA });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(meTooMessages.already);
    expect((await rowOf(id)).me_too_count).toBe(1);

    const other = await meToo(id, { device: deviceB });
    expect(other.statusCode).toBe(201);
    expect(other.json().meTooCount).toBe(2);
    // The device's id itself is never kept: only its hash.
    const kept = await t.database.db.selectFrom('report_me_toos').selectAll().execute();
    expect(kept).toHaveLength(2);
    expect(JSON.stringify(kept)).not.toContain(deviceA);
  });

  it('administrators see the count on the report in their list', async () => {
    const id = await report();
    await meToo(id, { device: deviceA });
    await meToo(id, { device: deviceB });
    const admin = await adminCookies(t.app);
    const page = await pageOf({ status: 'all' }, admin);
    expect(page.reports.find((r) => r.id === id)?.meTooCount).toBe(2);
  });

  it('a report being cleaned takes one; a cleaned or unknown report is refused in plain words', async () => {
    const cleaning = await report();
    await t.database.db.updateTable('reports').set({ status: 'cleaning' }).where('id', '=', cleaning).execute();
    expect((await meToo(cleaning, { device: deviceA })).statusCode).toBe(201);

    const cleaned = await report();
    await t.database.db
      .updateTable('reports')
      .set({ status: 'completed', completed_at: new Date(now).toISOString() })
      .where('id', '=', cleaned)
      .execute();
    const refused = await meToo(cleaned, { device: deviceA });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(meTooMessages.notOpen);
    expect((await rowOf(cleaned)).me_too_count).toBe(0);

    const unknown = await meToo(999_999, { device: deviceA });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(meTooMessages.notFound);
  });

  it('a missing or guessable device id is refused before anything is kept', async () => {
    const id = await report();
    const asked: Record<string, string>[] = [{}, { device: 'short' }, { device: `${'x'.repeat(31)}!` }];
    for (const fields of asked) {
      const response = await meToo(id, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(meTooMessages.device);
    }
    expect((await rowOf(id)).me_too_count).toBe(0);
  });

  it("an optional photo goes through the photo pipeline and joins the report's photos", async () => {
    const id = await report();
    const before = t.storedPhotos().length;
    const response = await meToo(id, { device: deviceA }, { photo: await plainJpeg() });
    expect(response.statusCode, response.body).toBe(201);
    const [photo] = await photosOf(id);
    expect(photo).toMatchObject({ photo_type: 'reporter', status_token: null });
    // Re-encoded and stored with its thumbnail, under a name of the server's own.
    expect(t.storedPhotos().length).toBe(before + 2);
    const served = await t.app.inject({ method: 'GET', url: `/photos/${photo!.photo_key}.jpg` });
    expect(served.statusCode).toBe(200);
    // Nothing in the answer points at the photo (an offensive report's photo is never shown publicly).
    expect(response.body).not.toContain(photo!.photo_key);
  });

  it('a refused photo, or a photo with a refused device, leaves no file and no row', async () => {
    const id = await report();
    const before = t.storedPhotos().length;
    const notAPhoto = await meToo(id, { device: deviceA }, { photo: textNamedJpg() });
    expect(notAPhoto.statusCode).toBe(415);
    expect((await rowOf(id)).me_too_count).toBe(0);

    expect((await meToo(id, { device: deviceB })).statusCode).toBe(201);
    const twice = await meToo(id, { device: deviceB }, { photo: await plainJpeg() });
    expect(twice.statusCode).toBe(409);
    expect(t.storedPhotos().length).toBe(before);
    expect(await photosOf(id)).toHaveLength(0);
  });

  it('a photo sent ahead is taken by reference; a refusal leaves it waiting for another use', async () => {
    const id = await report();
    const { payload, headers } = await multipartBody(
      {},
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const staged = await t.app.inject({ method: 'POST', url: '/api/reports/staged-photos', payload, headers });
    expect(staged.statusCode).toBe(201);
    const { reference } = stagedPhotoSchema.parse(staged.json());
    const cookie = String(staged.headers['set-cookie']).split(';')[0]!;
    const waiting = async () => (await t.database.db.selectFrom('staged_photos').selectAll().execute()).length;

    // Both the photo and a reference: refused.
    const both = await meToo(id, { device: deviceA, stagedPhoto: reference }, { photo: await plainJpeg(), cookie });
    expect(both.statusCode).toBe(400);

    await meToo(id, { device: deviceB });
    const refused = await meToo(id, { device: deviceB, stagedPhoto: reference }, { cookie });
    expect(refused.statusCode).toBe(409);
    expect(await waiting()).toBe(1);

    const taken = await meToo(id, { device: deviceA, stagedPhoto: reference }, { cookie });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await waiting()).toBe(0);
    expect(await photosOf(id)).toHaveLength(1);
  });

  it('each client says at most as many an hour as it may send reports', async () => {
    await t.close();
    await build({ reportSubmissionsPerHour: 2 });
    const id = await report();
    const devices = ['c', 'd', 'e'].map((c) => c.repeat(32));
    expect((await meToo(id, { device: devices[0]! })).statusCode).toBe(201);
    expect((await meToo(id, { device: devices[1]! })).statusCode).toBe(201);
    const third = await meToo(id, { device: devices[2]! });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    // Another client is not held back by it.
    expect((await meToo(id, { device: devices[2]! }, { remoteAddress: '198.51.100.7' })).statusCode).toBe(201);
  });

  it('across the service at most the hourly number are taken; then one may go again', async () => {
    await t.close();
    await build({ meTooPerHour: 2 });
    const id = await report();
    expect((await meToo(id, { device: 'c'.repeat(32) })).statusCode).toBe(201);
    now += 10 * 60_000;
    expect((await meToo(id, { device: 'd'.repeat(32) }, { remoteAddress: '198.51.100.7' })).statusCode).toBe(201);
    const busy = await meToo(id, { device: 'e'.repeat(32) }, { remoteAddress: '203.0.113.9' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json().message).toBe(meTooMessages.busy);
    // The oldest leaves the hour in 50 minutes.
    expect(Number(busy.headers['retry-after'])).toBe(50 * 60);
    expect((await rowOf(id)).me_too_count).toBe(2);
    now += 50 * 60_000 + 1;
    expect((await meToo(id, { device: 'e'.repeat(32) }, { remoteAddress: '203.0.113.9' })).statusCode).toBe(201);
    expect(now - Date.parse('2026-11-29T10:00:00.000Z')).toBeGreaterThan(HOUR);
  });

  it("'Priority first' shows offensive reports, then those with a 'Me too', then the rest, across pages", async () => {
    const plainOld = await report();
    const offensive = await report({ priority: true });
    const confirmedOld = await report();
    const plainNew = await report();
    const confirmedNew = await report();
    const offensiveConfirmed = await report({ priority: true });
    for (const id of [confirmedOld, confirmedNew, offensiveConfirmed]) await meToo(id, { device: deviceA });
    const admin = await adminCookies(t.app);

    const expected = [offensiveConfirmed, offensive, confirmedNew, confirmedOld, plainNew, plainOld];
    for (const limit of [1, 2, 4, 10]) {
      const ids: number[] = [];
      const positions: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await pageOf({ status: 'all', priorityFirst: '1', limit, cursor } as ReportPageQuery, admin);
        ids.push(...page.reports.map((r) => r.id));
        positions.push(...page.reports.map((r) => r.position));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(ids, `by ${limit}`).toEqual(expected);
      expect(positions).toEqual([1, 2, 3, 4, 5, 6]);
    }
    // Straight to a place in the list: 'Report #4' is the older of the confirmed ones.
    const at4 = await pageOf({ status: 'all', priorityFirst: '1', position: 4, limit: 2 } as ReportPageQuery, admin);
    expect(at4.reports.map((r) => [r.id, r.position])).toEqual([
      [confirmedOld, 4],
      [plainNew, 5],
    ]);
    // Oldest first within each group.
    const oldest = await pageOf(
      { status: 'all', priorityFirst: '1', sort: 'reported-oldest', limit: 10 } as ReportPageQuery,
      admin,
    );
    expect(oldest.reports.map((r) => r.id)).toEqual([
      offensive,
      offensiveConfirmed,
      confirmedOld,
      confirmedNew,
      plainOld,
      plainNew,
    ]);

    // An offensive report whose mark is cleared keeps its place among the confirmed ones.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${offensiveConfirmed}/priority`,
      payload: { priority: false },
      cookies: admin,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const after = await pageOf({ status: 'all', priorityFirst: '1', limit: 10 } as ReportPageQuery, admin);
    expect(after.reports.map((r) => r.id)).toEqual([
      offensive,
      offensiveConfirmed,
      confirmedNew,
      confirmedOld,
      plainNew,
      plainOld,
    ]);
  });
});
