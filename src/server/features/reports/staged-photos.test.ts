// A photo sent ahead of its report: the phone sends it while the reporter types, and the report then
// names it by its reference. Only the browser that sent it may use it, once, within its lifetime; a
// photo nobody takes is deleted with its files within the hour; staging is bounded per client and in total.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { FIXTURE_GPS, jpegWithGps, plainJpeg } from '#tests/fixture-photos.ts';
import { createdReportSchema, stagedPhotoSchema } from '#shared/contracts/reports.ts';
import { messages } from '#shared/domain/messages.ts';
import { stagedPhotoMessages } from '#shared/domain/staged-photo-messages.ts';
import { STAGED_PHOTO_LIFETIME_MS, STAGED_PHOTO_SWEEP_EVERY_MS } from './staged-photos.service.ts';

const HOUR = 60 * 60_000;

describe.each(testDatabaseKinds)('photos sent ahead of their reports on %s', (kind) => {
  let t: TestApp;
  let now: number;
  const clock = { now: () => new Date(now) };

  async function build(limits: NonNullable<Parameters<typeof buildTestApp>[1]>['limits'] = {}) {
    t = await buildTestApp(kind, { clock, limits });
  }
  beforeEach(async () => {
    now = Date.parse('2026-11-29T10:00:00.000Z');
    await build();
  });
  afterEach(() => t.close());

  /** Sends a photo ahead, as a browser holding `cookie` (or none yet). */
  async function stage(cookie?: string, photo?: Buffer) {
    const { payload, headers } = await multipartBody(
      {},
      { photo: { data: photo ?? (await plainJpeg()), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/reports/staged-photos',
      payload,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
  }

  /** The browser's staging cookie, as it would send it back. */
  const cookieOf = (response: Awaited<ReturnType<typeof stage>>) =>
    String(response.headers['set-cookie']).split(';')[0]!;

  async function report(fields: Record<string, string>, cookie?: string, photo?: Buffer) {
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel', ...fields },
      photo ? { photo: { data: photo, name: 'wall.jpg', type: 'image/jpeg' } } : {},
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
  }

  const waiting = async () => (await t.database.db.selectFrom('staged_photos').selectAll().execute()).length;

  it('answers a reference and a private cookie, and the report that names it carries the photo', async () => {
    const staged = await stage();
    expect(staged.statusCode).toBe(201);
    const { reference, expiresAt } = stagedPhotoSchema.parse(staged.json());
    expect(reference).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt)).toBe(now + STAGED_PHOTO_LIFETIME_MS);
    const cookie = String(staged.headers['set-cookie']);
    expect(cookie).toMatch(/^cue_stage=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/reports/);
    // Nobody can ask for the photo before a report takes it: its stored name is never told.
    const [row] = await t.database.db.selectFrom('staged_photos').selectAll().execute();
    expect(staged.body).not.toContain(row!.photo_key);
    expect((await t.app.inject({ method: 'GET', url: `/photos/${reference}.jpg` })).statusCode).toBe(404);

    const created = await report({ stagedPhoto: reference, description: 'Tag on the close wall' }, cookieOf(staged));
    expect(created.statusCode).toBe(201);
    const answer = createdReportSchema.parse(created.json());
    expect(answer).toMatchObject({ what3words: 'bleak.exhaust.jewel', status: 'reported' });
    expect(answer.photoUrl).toBe(`/photos/${row!.photo_key}.jpg`);
    const photo = await t.app.inject({ method: 'GET', url: answer.photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(await waiting()).toBe(0);
  });

  it("the photo's own GPS places the report, as when the photo comes with it", async () => {
    const staged = await stage(undefined, await jpegWithGps());
    const { reference } = stagedPhotoSchema.parse(staged.json());
    const created = await report({ stagedPhoto: reference }, cookieOf(staged));
    expect(created.statusCode).toBe(201);
    const row = await t.database.db.selectFrom('reports').selectAll().executeTakeFirstOrThrow();
    const direct = await report({ idempotencyKey: 'k'.repeat(32) }, undefined, await jpegWithGps());
    const twin = await t.database.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', createdReportSchema.parse(direct.json()).id)
      .executeTakeFirstOrThrow();
    expect([row.latitude, row.longitude, row.location_source]).toEqual([
      twin.latitude,
      twin.longitude,
      twin.location_source,
    ]);
    expect(row.latitude).toBeCloseTo(FIXTURE_GPS.latitude, 2);
  });

  it('a reference is used once: a second report is refused, a retry of the first answers the first', async () => {
    const staged = await stage();
    const { reference } = stagedPhotoSchema.parse(staged.json());
    const key = 'a'.repeat(32);
    const first = await report({ stagedPhoto: reference, idempotencyKey: key }, cookieOf(staged));
    expect(first.statusCode).toBe(201);
    const retry = await report({ stagedPhoto: reference, idempotencyKey: key }, cookieOf(staged));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    const second = await report({ stagedPhoto: reference, idempotencyKey: 'b'.repeat(32) }, cookieOf(staged));
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(stagedPhotoMessages.gone);
    expect(await t.database.db.selectFrom('reports').selectAll().execute()).toHaveLength(1);
  });

  it("another browser's reference is refused, and the photo still waits for its own browser", async () => {
    const mine = await stage();
    const { reference } = stagedPhotoSchema.parse(mine.json());
    const theirs = await stage();
    for (const cookie of [undefined, cookieOf(theirs), 'cue_stage=' + 'x'.repeat(43)]) {
      const refused = await report({ stagedPhoto: reference }, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(stagedPhotoMessages.gone);
    }
    expect((await report({ stagedPhoto: reference }, cookieOf(mine))).statusCode).toBe(201);
    // The same browser keeps its cookie for the next photo it sends ahead.
    const again = await stage(cookieOf(mine));
    expect(cookieOf(again)).toBe(cookieOf(mine));
  });

  it('a report refused for its words keeps the photo waiting, so the corrected report can use it', async () => {
    const staged = await stage();
    const { reference } = stagedPhotoSchema.parse(staged.json());
    const refused = await report({ stagedPhoto: reference, what3words: 'not three words' }, cookieOf(staged));
    expect(refused.statusCode).toBe(400);
    expect(await waiting()).toBe(1);
    expect((await report({ stagedPhoto: reference }, cookieOf(staged))).statusCode).toBe(201);
  });

  it('a photo and a reference together, or neither, are refused in the words of the form', async () => {
    const staged = await stage();
    const { reference } = stagedPhotoSchema.parse(staged.json());
    const both = await report({ stagedPhoto: reference }, cookieOf(staged), await plainJpeg());
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(stagedPhotoMessages.photoAndReference);
    const neither = await report({}, cookieOf(staged));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(messages.report.photoRequired);
    const madeUp = await report({ stagedPhoto: 'not-a-reference' }, cookieOf(staged));
    expect(madeUp.statusCode).toBe(400);
    expect(await waiting()).toBe(1);
  });

  it('a photo nobody takes stops waiting, and the sweep deletes it with its files within the hour', async () => {
    // The sweep runs at this interval: the last one before the hour is out finds the photo expired.
    expect(STAGED_PHOTO_LIFETIME_MS + STAGED_PHOTO_SWEEP_EVERY_MS).toBeLessThanOrEqual(HOUR);
    const staged = await stage();
    const { reference } = stagedPhotoSchema.parse(staged.json());
    expect(t.storedPhotos()).toHaveLength(2);
    // The daily orphan sweep leaves a waiting photo's files alone, however old.
    now += STAGED_PHOTO_LIFETIME_MS - 1_000;
    await t.app.jobs.run('orphan-photo-sweep');
    expect(t.storedPhotos()).toHaveLength(2);
    now += 1_000;
    const late = await report({ stagedPhoto: reference }, cookieOf(staged));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(stagedPhotoMessages.gone);
    await t.app.jobs.run('staged-photos');
    expect(await waiting()).toBe(0);
    expect(t.storedPhotos()).toEqual([]);
  });

  it('each client may send a bounded number of photos ahead in an hour (429)', async () => {
    await t.close();
    await build({ reportSubmissionsPerHour: 1 });
    for (let i = 0; i < 3; i++) expect((await stage()).statusCode).toBe(201);
    const refused = await stage();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await waiting()).toBe(3);
  });

  it('past the photos waiting in all, another is turned away (503) and nothing is kept', async () => {
    await t.close();
    await build({ stagedPhotosWaiting: 2 });
    const first = await stage();
    expect(first.statusCode).toBe(201);
    expect((await stage()).statusCode).toBe(201);
    const refused = await stage();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(stagedPhotoMessages.busy);
    expect(refused.headers['retry-after']).toBe('60');
    expect(t.storedPhotos()).toHaveLength(4);
    // A report taking one makes room again.
    const { reference } = stagedPhotoSchema.parse(first.json());
    expect((await report({ stagedPhoto: reference }, cookieOf(first))).statusCode).toBe(201);
    expect((await stage()).statusCode).toBe(201);
  });
});
