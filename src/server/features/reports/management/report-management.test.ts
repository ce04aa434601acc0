import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { elevenMegabyteImage, plainJpeg } from '#tests/fixture-photos.ts';
import { adminCookies, storedPhotoKey, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { reportListSchema, reportSchema, type Report } from '#shared/contracts/reports.ts';
import { photoNames } from '#server/features/photos/index.ts';
import { createLocationService } from '#server/features/location/index.ts';

const jpegFile = async () => ({ data: await plainJpeg(), name: 'graffiti.jpg', type: 'image/jpeg' });
const grid = createLocationService({ provider: 'grid' });

describe.each(testDatabaseKinds)('report management on %s', (kind) => {
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

  async function submit(what3words = 'rally.census.refuse', extra: Record<string, string> = {}): Promise<Report> {
    const { payload, headers } = await multipartBody({ what3words, ...extra }, { photo: await jpegFile() });
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode).toBe(201);
    return reportSchema.parse(response.json());
  }

  /** A report row with a chosen reported_at, with a stored photo, straight into the database. */
  async function insertReport(reportedAt: string, what3words = 'bleak.exhaust.jewel') {
    const key = await storedPhotoKey(t.storage);
    return t.database.db
      .insertInto('reports')
      .values({
        what3words,
        description: null,
        photo_key: key,
        status: 'reported',
        reported_at: reportedAt,
        updated_at: reportedAt,
        words_scheme: 'grid',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function addPhoto(reportId: number) {
    const key = await storedPhotoKey(t.storage);
    return t.database.db
      .insertInto('report_photos')
      .values({
        report_id: reportId,
        photo_type: 'progress',
        description: 'Halfway',
        uploaded_by: 'Volunteer',
        photo_key: key,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function addCleanup(reportId: number, volunteerId: number | null = null) {
    const [before, after] = [await storedPhotoKey(t.storage), await storedPhotoKey(t.storage)];
    return t.database.db
      .insertInto('cleanups')
      .values({
        report_id: reportId,
        volunteer_id: volunteerId,
        completed_at: new Date().toISOString(),
        minutes_worked: 30,
        before_photo_key: before,
        after_photo_key: after,
        notes: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const filesOf = (key: string) => Object.values(photoNames(key));

  describe('PATCH /api/reports/:id', () => {
    it('an administrator edits the location and description; the list and its ETag change with it', async () => {
      const report = await submit('rally.census.refuse', { description: 'Old words' });
      const first = await t.app.inject({ method: 'GET', url: '/api/reports' });
      const etag = first.headers.etag as string;

      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${report.id}`,
        cookies: admin,
        payload: { what3words: '  ///Rally.Census.Refuse ', description: '  Tag on the close wall  ' },
      });
      expect(response.statusCode).toBe(200);
      expect(reportSchema.parse(response.json())).toMatchObject({
        id: report.id,
        what3words: 'rally.census.refuse',
        description: 'Tag on the close wall',
      });

      const again = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).not.toBe(etag);
      expect(reportListSchema.parse(again.json())[0]!.description).toBe('Tag on the close wall');

      const kept = await t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${report.id}`,
        cookies: admin,
        payload: { what3words: 'rally.census.refuse' },
      });
      expect(kept.json().description).toBe('Tag on the close wall');
      const cleared = await t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${report.id}`,
        cookies: admin,
        payload: { what3words: 'rally.census.refuse', description: '' },
      });
      expect(cleared.json().description).toBeNull();
    });

    it('the location is required; an unknown report is 404', async () => {
      const report = await submit();
      for (const payload of [{ what3words: '   ', description: 'x' }, { description: 'x' }]) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/reports/${report.id}`,
          cookies: admin,
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('location is required');
      }
      const missing = await t.app.inject({
        method: 'PATCH',
        url: '/api/reports/999999',
        cookies: admin,
        payload: { what3words: 'a.b.c' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Report not found');
    });

    it('corrected words bring their own coordinates; a typo is refused with suggestions and the old words stay', async () => {
      const report = await submit('rally.census.refuse', { latitude: '55.95', longitude: '-3.19' });
      const elsewhere = await grid.coordinatesToWords(55.9412, -3.2053);
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${report.id}`,
        cookies: admin,
        payload: { what3words: elsewhere.words },
      });
      expect(moved.json()).toMatchObject({ what3words: elsewhere.words, locationSource: 'words' });
      expect(moved.json().latitude).toBeCloseTo(55.9412, 3);

      // One letter off a real place: refused as the public form and the manual report refuse it.
      const typo = `${elsewhere.words.slice(0, -1)}${elsewhere.words.endsWith('x') ? 'y' : 'x'}`;
      const refused = await t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${report.id}`,
        cookies: admin,
        payload: { what3words: typo, description: 'Changed too' },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'BadWords', title: 'Location not found' });
      expect(refused.json().suggestions).toContain(elsewhere.words);
      const kept = await t.database.db
        .selectFrom('reports')
        .selectAll()
        .where('id', '=', report.id)
        .executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ what3words: elsewhere.words, location_source: 'words', description: null });
      expect(kept.latitude).toBeCloseTo(55.9412, 3);
    });

    it('is refused to volunteers (403) and to visitors (401), and nothing changes', async () => {
      const report = await submit();
      const payload = { what3words: 'occur.cereal.cheese' };
      expect(
        (await t.app.inject({ method: 'PATCH', url: `/api/reports/${report.id}`, cookies: volunteer, payload }))
          .statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/reports/${report.id}`, payload })).statusCode).toBe(401);
      const row = await t.database.db
        .selectFrom('reports')
        .select('what3words')
        .where('id', '=', report.id)
        .executeTakeFirstOrThrow();
      expect(row.what3words).toBe('rally.census.refuse');
    });
  });

  describe('DELETE /api/reports/:id', () => {
    it('removes the report, its photos, its clean-ups and every stored file; other reports stay', async () => {
      const doomed = await insertReport('2026-11-01T10:00:00.000Z');
      const photo = await addPhoto(doomed.id);
      const cleanup = await addCleanup(doomed.id);
      const kept = await insertReport('2026-11-02T10:00:00.000Z');
      const keptPhoto = await addPhoto(kept.id);
      const doomedFiles = [
        doomed.photo_key,
        photo.photo_key,
        cleanup.before_photo_key,
        cleanup.after_photo_key,
      ].flatMap(filesOf);
      expect(t.storedPhotos()).toEqual(expect.arrayContaining(doomedFiles));

      const response = await t.app.inject({ method: 'DELETE', url: `/api/reports/${doomed.id}`, cookies: admin });
      expect(response.statusCode).toBe(204);

      const db = t.database.db;
      expect(await db.selectFrom('reports').select('id').execute()).toEqual([{ id: kept.id }]);
      expect(await db.selectFrom('report_photos').select('id').execute()).toEqual([{ id: keptPhoto.id }]);
      expect(await db.selectFrom('cleanups').select('id').execute()).toEqual([]);
      const stored = t.storedPhotos();
      for (const name of doomedFiles) expect(stored).not.toContain(name);
      expect(stored).toEqual(expect.arrayContaining([kept.photo_key, keptPhoto.photo_key].flatMap(filesOf)));

      const again = await t.app.inject({ method: 'DELETE', url: `/api/reports/${doomed.id}`, cookies: admin });
      expect(again.statusCode).toBe(404);
    });

    it('is for administrators only', async () => {
      const report = await insertReport('2026-11-01T10:00:00.000Z');
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, cookies: volunteer })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/${report.id}` })).statusCode).toBe(401);
      expect(await t.database.db.selectFrom('reports').select('id').execute()).toHaveLength(1);
    });
  });

  describe('DELETE /api/reports/:id/photos/:photoId', () => {
    it('removes one added photo and its files; a photo of another report is 404', async () => {
      const report = await insertReport('2026-11-01T10:00:00.000Z');
      const other = await insertReport('2026-11-01T11:00:00.000Z');
      const photo = await addPhoto(report.id);
      const second = await addPhoto(report.id);

      const wrong = await t.app.inject({
        method: 'DELETE',
        url: `/api/reports/${other.id}/photos/${photo.id}`,
        cookies: admin,
      });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe('Photo not found');

      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/reports/${report.id}/photos/${photo.id}`,
        cookies: admin,
      });
      expect(response.statusCode).toBe(204);
      const photos = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/photos` });
      expect(photos.json().map((p: { id: number }) => p.id)).toEqual([second.id]);
      for (const name of filesOf(photo.photo_key)) expect(t.storedPhotos()).not.toContain(name);
      expect(t.storedPhotos()).toEqual(expect.arrayContaining(filesOf(report.photo_key)));

      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/reports/${report.id}/photos/${second.id}`,
            cookies: volunteer,
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('POST /api/admin/reports (manual report)', () => {
    async function manual(
      fields: Record<string, string>,
      files: Parameters<typeof multipartBody>[1],
      cookies: Cookies | null = admin,
    ) {
      const { payload, headers } = await multipartBody(fields, files);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/reports',
        payload,
        headers,
        ...(cookies ? { cookies } : {}),
      });
    }

    it('creates a report from a photo and trimmed values, with status reported', async () => {
      const response = await manual(
        { what3words: '  Rally.Census.Refuse  ', description: '  Spotted on a walk  ' },
        { photo: await jpegFile() },
      );
      expect(response.statusCode).toBe(201);
      const report = reportSchema.parse(response.json());
      expect(report).toMatchObject({
        what3words: 'rally.census.refuse',
        description: 'Spotted on a walk',
        status: 'reported',
        completedAt: null,
      });
      expect(t.storedPhotos()).toContain(report.photoUrl.replace('/photos/', ''));
      const list = reportListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/reports' })).json());
      expect(list.map((r) => r.id)).toEqual([report.id]);
    });

    it("a missing photo or location is 'Missing required fields / Please provide both a photo and What3Words location.'", async () => {
      const before = t.storedPhotos();
      for (const [fields, files] of [
        [{ what3words: 'rally.census.refuse' }, {}],
        [{ what3words: '   ' }, { photo: await jpegFile() }],
        [{}, { photo: await jpegFile() }],
      ] as const) {
        const response = await manual({ ...fields }, { ...files });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          title: 'Missing required fields',
          message: 'Please provide both a photo and What3Words location.',
        });
      }
      expect(t.storedPhotos()).toEqual(before);
      expect(await t.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
    });

    it('words that name no place are refused with suggestions, as on the public form, and nothing is stored', async () => {
      const before = t.storedPhotos();
      const response = await manual({ what3words: 'rally.census.refuze' }, { photo: await jpegFile() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BadWords', title: 'Location not found' });
      expect(response.json().suggestions).toContain('rally.census.refuse');
      expect(t.storedPhotos()).toEqual(before);
      expect(await t.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
    });

    it('an image over 10MB is refused as the public form refuses it', async () => {
      const response = await manual(
        { what3words: 'rally.census.refuse' },
        { photo: { data: await elevenMegabyteImage(), name: 'big.png', type: 'image/png' } },
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        title: 'File too large',
        message: 'Please select an image smaller than 10MB.',
      });
    });

    it('is for administrators only', async () => {
      expect(
        (await manual({ what3words: 'rally.census.refuse' }, { photo: await jpegFile() }, volunteer)).statusCode,
      ).toBe(403);
      expect((await manual({ what3words: 'rally.census.refuse' }, { photo: await jpegFile() }, null)).statusCode).toBe(
        401,
      );
    });
  });

  describe('POST /api/admin/renumber-reports', () => {
    it('gives ids 1..n in reported order, keeps every photo and clean-up attached, and continues the sequence', async () => {
      // Ids out of reported order, with gaps: the third report made was reported first.
      const a = await insertReport('2026-11-03T09:00:00.000Z', 'relief.toast.issue');
      const gap = await insertReport('2026-11-04T09:00:00.000Z', 'solar.evolve.similar');
      const b = await insertReport('2026-11-01T09:00:00.000Z', 'before.sport.aware');
      const c = await insertReport('2026-11-02T09:00:00.000Z', 'special.chase.despair');
      await t.database.db.deleteFrom('reports').where('id', '=', gap.id).execute();
      const photoOfA = await addPhoto(a.id);
      const photoOfB = await addPhoto(b.id);
      const { volunteerId } = await volunteerSession(t.database, 'renumber@example.org');
      const cleanupOfC = await addCleanup(c.id, volunteerId);
      const etag = (await t.app.inject({ method: 'GET', url: '/api/reports' })).headers.etag as string;

      const response = await t.app.inject({ method: 'POST', url: '/api/admin/renumber-reports', cookies: admin });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ renumbered: 3 });

      const db = t.database.db;
      const rows = await db.selectFrom('reports').select(['id', 'what3words', 'photo_key']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.what3words])).toEqual([
        [1, 'before.sport.aware'],
        [2, 'special.chase.despair'],
        [3, 'relief.toast.issue'],
      ]);
      const byKey = new Map(rows.map((r) => [r.photo_key, r.id]));
      expect(byKey.get(b.photo_key)).toBe(1);
      expect(byKey.get(c.photo_key)).toBe(2);
      expect(byKey.get(a.photo_key)).toBe(3);
      const photos = await db.selectFrom('report_photos').select(['id', 'report_id']).orderBy('id').execute();
      expect(photos).toEqual([
        { id: photoOfA.id, report_id: 3 },
        { id: photoOfB.id, report_id: 1 },
      ]);
      expect(await db.selectFrom('cleanups').select(['id', 'report_id']).execute()).toEqual([
        { id: cleanupOfC.id, report_id: 2 },
      ]);

      const list = await t.app.inject({ method: 'GET', url: '/api/reports', headers: { 'if-none-match': etag } });
      expect(list.statusCode).toBe(200);
      expect(reportListSchema.parse(list.json()).map((r) => r.id)).toEqual([3, 2, 1]);

      const next = await submit('minor.neck.gather');
      expect(next.id).toBe(4);
    });

    it('with no reports, restarts the sequence at 1', async () => {
      await insertReport('2026-11-01T09:00:00.000Z');
      await t.database.db.deleteFrom('reports').execute();
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/renumber-reports', cookies: admin });
      expect(response.json()).toEqual({ renumbered: 0 });
      expect((await submit()).id).toBe(1);
    });

    it('is for administrators only', async () => {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/admin/renumber-reports', cookies: volunteer })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/renumber-reports' })).statusCode).toBe(401);
    });
  });
});
