import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { detailedJpeg } from '#tests/fixture-photos.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { redactionMessages } from '#shared/contracts/reports.ts';
import type { Report } from '#shared/contracts/reports.ts';
import { auditLogResponseSchema } from '#shared/contracts/audit-log.ts';
import { sessionTag } from '#server/plugins/audit.ts';
import { photoUrls, processPhoto, storePhoto } from '#server/features/photos/index.ts';

/** Mean and standard deviation of the grey level inside a box given in fractions of the photo. */
async function greyStats(jpeg: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  const values: number[] = [];
  const x0 = Math.round(box.x * info.width);
  const y0 = Math.round(box.y * info.height);
  const x1 = Math.round((box.x + box.width) * info.width);
  const y1 = Math.round((box.y + box.height) * info.height);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) values.push(data[y * info.width + x]!);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return { mean, sd };
}

const keyOf = (url: string) => /^\/photos\/(.+)\.jpg$/.exec(url)![1]!;

describe.each(testDatabaseKinds)('POST /api/admin/photos/redact on %s', (kind) => {
  let t: TestApp;
  let admin: Cookies;
  beforeAll(async () => {
    t = await buildTestApp(kind, { limits: { reportSubmissionsPerHour: 1000 } });
    admin = await adminCookies(t.app);
  });
  afterAll(() => t.close());

  async function report(): Promise<Report> {
    const { payload, headers } = await multipartBody(
      { what3words: 'rally.census.refuse' },
      { photo: { data: await detailedJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  const redact = (payload: unknown, cookies: Cookies = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/photos/redact', cookies, payload: payload as object });

  it('no cache may go on showing the original once it is blurred: each must ask again, and then hears it is gone', async () => {
    const original = await report();
    const seen = await Promise.all(
      [original.photoUrl, original.thumbnailUrl].map((url) => t.app.inject({ method: 'GET', url })),
    );
    for (const photo of seen) {
      expect(photo.statusCode).toBe(200);
      // A browser or a shared cache may keep the photo, but only on condition of asking before it shows it.
      expect(photo.headers['cache-control']).toBe('public, no-cache');
      expect(photo.headers.etag).toBeDefined();
    }
    // Unchanged, the question is answered in a few bytes.
    const unchanged = await t.app.inject({
      method: 'GET',
      url: original.photoUrl,
      headers: { 'if-none-match': seen[0]!.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);

    expect(
      (await redact({ photoUrl: original.photoUrl, areas: [{ x: 0, y: 0, width: 1, height: 1 }] })).statusCode,
    ).toBe(200);
    for (const [index, url] of [original.photoUrl, original.thumbnailUrl].entries()) {
      const asked = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': seen[index]!.headers.etag as string },
      });
      expect(asked.statusCode).toBe(404);
      expect(asked.headers['cache-control'] ?? '').not.toMatch(/public|max-age=[1-9]/);
    }
  });

  it('blurs the drawn area, stores the photo and its thumbnail under a new name, and the old ones answer 404', async () => {
    const original = await report();
    const area = { x: 0.25, y: 0.25, width: 0.5, height: 0.5 };
    const before = (await t.app.inject({ method: 'GET', url: original.photoUrl })).rawPayload;
    const listBefore = await t.app.inject({ method: 'GET', url: '/api/reports' });

    const response = await redact({ photoUrl: original.photoUrl, areas: [area] });
    expect(response.statusCode, response.body).toBe(200);
    const { photoUrl, thumbnailUrl, reportId } = response.json();
    expect(reportId).toBe(original.id);
    expect(photoUrl).not.toBe(original.photoUrl);

    // The original is kept nowhere: its files are gone and its addresses answer 404.
    for (const url of [original.photoUrl, original.thumbnailUrl]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(t.storedPhotos().some((name) => name.startsWith(keyOf(original.photoUrl)))).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: photoUrl });
    expect(after.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(200);

    // Inside the area the detail is gone; outside it the photo is as it was.
    const inside = { before: await greyStats(before, area), after: await greyStats(after.rawPayload, area) };
    expect(inside.before.sd).toBeGreaterThan(40);
    expect(inside.after.sd).toBeLessThan(inside.before.sd / 4);
    const corner = { x: 0, y: 0, width: 0.2, height: 0.2 };
    const outside = { before: await greyStats(before, corner), after: await greyStats(after.rawPayload, corner) };
    expect(Math.abs(outside.after.sd - outside.before.sd)).toBeLessThan(10);
    const thumbInside = await greyStats((await t.app.inject({ method: 'GET', url: thumbnailUrl })).rawPayload, area);
    expect(thumbInside.sd).toBeLessThan(inside.before.sd / 4);

    // The report shows the new photo and says it was edited; dashboards polling the list see the change.
    const listAfter = await t.app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: { 'if-none-match': listBefore.headers.etag as string },
    });
    expect(listAfter.statusCode).toBe(200);
    const shown = (listAfter.json() as Report[]).find((r) => r.id === original.id)!;
    expect(shown).toMatchObject({ photoUrl, thumbnailUrl, photoRedacted: true });
  });

  it('blurs a photo added to a report, and marks that report as edited', async () => {
    const target = await report();
    const { payload, headers } = await multipartBody(
      { photoType: 'progress' },
      { photos: { data: await detailedJpeg(200, 200), name: 'p.jpg', type: 'image/jpeg' } },
    );
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${target.id}/photos`,
      payload,
      headers,
      cookies: admin,
    });
    expect(added.statusCode).toBe(201);
    const [photo] = added.json();
    const response = await redact({
      photoUrl: photo.photoUrl,
      areas: [
        { x: 0, y: 0, width: 0.5, height: 0.5 },
        { x: 0.6, y: 0.6, width: 0.4, height: 0.4 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const photos = (await t.app.inject({ method: 'GET', url: `/api/reports/${target.id}/photos` })).json();
    expect(photos[0].photoUrl).toBe(response.json().photoUrl);
    const list = (await t.app.inject({ method: 'GET', url: '/api/reports' })).json() as Report[];
    expect(list.find((r) => r.id === target.id)!.photoRedacted).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: photo.photoUrl })).statusCode).toBe(404);
  });

  it("blurs a clean-up's before and after photos, and the audit log records each redaction of the report", async () => {
    const target = await report();
    const [before, after] = [
      await storePhoto(t.storage, await processPhoto(await detailedJpeg(200, 200))),
      await storePhoto(t.storage, await processPhoto(await detailedJpeg(200, 200))),
    ];
    const cleanup = await t.database.db
      .insertInto('cleanups')
      .values({
        report_id: target.id,
        volunteer_id: null,
        completed_at: new Date().toISOString(),
        minutes_worked: 30,
        before_photo_key: before,
        after_photo_key: after,
        notes: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const newKeys: string[] = [];
    for (const [key, areas] of [
      [before, [{ x: 0, y: 0, width: 0.5, height: 0.5 }]],
      [
        after,
        [
          { x: 0, y: 0, width: 0.3, height: 0.3 },
          { x: 0.5, y: 0.5, width: 0.5, height: 0.5 },
        ],
      ],
    ] as const) {
      const response = await redact({ photoUrl: photoUrls(key).photoUrl, areas });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().reportId).toBe(target.id);
      newKeys.push(keyOf(response.json().photoUrl));
      for (const url of Object.values(photoUrls(key))) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    }
    const row = await t.database.db
      .selectFrom('cleanups')
      .select(['before_photo_key', 'after_photo_key'])
      .where('id', '=', cleanup.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ before_photo_key: newKeys[0], after_photo_key: newKeys[1] });
    const list = (await t.app.inject({ method: 'GET', url: '/api/reports' })).json() as Report[];
    expect(list.find((r) => r.id === target.id)!.photoRedacted).toBe(true);

    // Who blurred what, and when: the newest entries are these two, about this report.
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', cookies: admin });
    expect(log.statusCode).toBe(200);
    const entries = auditLogResponseSchema.parse(log.json()).entries.slice(0, 2);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'photo.redact',
        summary: 'Blurred part of a photo',
        actor: { session: sessionTag(admin.cue_admin!), email: null },
        target: { type: 'report', id: String(target.id) },
        detail: { areas: 2 },
      }),
      expect.objectContaining({ action: 'photo.redact', detail: { areas: 1 } }),
    ]);
    expect(Date.parse(entries[0]!.at)).not.toBeNaN();
  });

  it('refuses no area, an area outside the photo, and a photo that is not stored, changing nothing', async () => {
    const target = await report();
    const files = t.storedPhotos().sort();
    const none = await redact({ photoUrl: target.photoUrl, areas: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(redactionMessages.noArea);
    const outside = await redact({ photoUrl: target.photoUrl, areas: [{ x: 0.8, y: 0, width: 0.5, height: 0.5 }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(redactionMessages.areaOutside);
    const missing = await redact({
      photoUrl: '/photos/notstoredanywhere.jpg',
      areas: [{ x: 0, y: 0, width: 1, height: 1 }],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(redactionMessages.photoNotFound);
    expect(t.storedPhotos().sort()).toEqual(files);
    const list = (await t.app.inject({ method: 'GET', url: '/api/reports' })).json() as Report[];
    expect(list.find((r) => r.id === target.id)).toMatchObject({ photoUrl: target.photoUrl, photoRedacted: false });
  });
});
