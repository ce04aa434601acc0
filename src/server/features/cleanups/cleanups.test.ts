import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, multipartBody, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg, png, textNamedJpg } from '#tests/fixture-photos.ts';
import { keepingMailer, movableClock, placeReport, signInVolunteer } from '#tests/volunteers.ts';
import { completeCleanupResponseSchema, currentCleanupResponseSchema } from '#shared/contracts/cleanups.ts';
import { reportPhotoListSchema, reportSchema } from '#shared/contracts/reports.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SITE = { latitude: 55.95, longitude: -3.19 };

const jpeg = async (name = 'photo.jpg') => ({ data: await plainJpeg(), name, type: 'image/jpeg' });

describe.each(testDatabaseKinds)('cleaning a site on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock();
  const mailer = keepingMailer();
  let ailsa: string;
  let brodie: string;
  /** A fresh administrator session (they idle out after 30 minutes, and the clock moves). */
  const adminCookie = async () => {
    const adminAuth = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: TEST_ADMIN_PASSCODE },
    });
    return `cue_admin=${adminAuth.cookies.find((c) => c.name === 'cue_admin')!.value}`;
  };
  let ids: { ailsa: number; brodie: number };

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, mailer, limits: { signInRequestsPerClient: 1000 } });
    ailsa = await signInVolunteer(t.app, mailer, 'ailsa@example.org', 'Ailsa');
    brodie = await signInVolunteer(t.app, mailer, 'brodie@example.org');
    const rows = await t.database.db.selectFrom('volunteers').select(['id', 'email']).execute();
    ids = {
      ailsa: rows.find((r) => r.email === 'ailsa@example.org')!.id,
      brodie: rows.find((r) => r.email === 'brodie@example.org')!.id,
    };
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
    await t.database.db.deleteFrom('achievements').execute();
    vi.restoreAllMocks();
  });

  const setStatus = (id: number, status: string, cookie?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status },
      headers: cookie ? { cookie } : {},
    });
  const report = (id: number) =>
    t.database.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const cleanups = () => t.database.db.selectFrom('cleanups').selectAll().orderBy('id').execute();

  async function complete(cookie: string, fields: Record<string, string>, files?: Parameters<typeof multipartBody>[1]) {
    const { payload, headers } = await multipartBody(
      fields,
      files ?? { beforePhoto: await jpeg('before.jpg'), afterPhoto: await jpeg('after.jpg') },
    );
    return t.app.inject({ method: 'POST', url: '/api/cleanup/complete', payload, headers: { ...headers, cookie } });
  }

  describe('claiming and releasing (PATCH /api/reports/:id/status)', () => {
    it('a volunteer claims an open site: it becomes cleaning, claimed by them from now', async () => {
      const id = await placeReport(t.database.db, SITE);
      const response = await setStatus(id, 'cleaning', ailsa);
      expect(response.statusCode).toBe(200);
      expect(reportSchema.parse(response.json())).toMatchObject({ id, status: 'cleaning', completedAt: null });
      expect(await report(id)).toMatchObject({ cleaning_volunteer_id: ids.ailsa });
      expect(new Date((await report(id)).cleaning_started_at!).toISOString()).toBe(clock.now().toISOString());
      // Claiming it again is harmless.
      expect((await setStatus(id, 'cleaning', ailsa)).statusCode).toBe(200);
    });

    it('a second volunteer trying to claim a site already being cleaned gets a clear 409', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const second = await setStatus(id, 'cleaning', brodie);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('Another volunteer is already cleaning this site. Please find another site.');
      expect(await report(id)).toMatchObject({ status: 'cleaning', cleaning_volunteer_id: ids.ailsa });
    });

    it('two volunteers claiming at the same moment: exactly one wins', async () => {
      const id = await placeReport(t.database.db, SITE);
      const results = await Promise.all([setStatus(id, 'cleaning', ailsa), setStatus(id, 'cleaning', brodie)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('only the claimant releases a claim (cleaning -> reported); the claim is then cleared', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const other = await setStatus(id, 'reported', brodie);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('Only the volunteer cleaning this site, or an administrator, can do that.');
      const own = await setStatus(id, 'reported', ailsa);
      expect(own.statusCode).toBe(200);
      expect(own.json().status).toBe('reported');
      expect(await report(id)).toMatchObject({
        status: 'reported',
        cleaning_started_at: null,
        cleaning_volunteer_id: null,
      });
      // Now Brodie may claim it.
      expect((await setStatus(id, 'cleaning', brodie)).statusCode).toBe(200);
    });

    it('a volunteer cannot set completed directly, nor reopen a completed site', async () => {
      const id = await placeReport(t.database.db, SITE);
      const completed = await setStatus(id, 'completed', ailsa);
      expect(completed.statusCode).toBe(403);
      expect(completed.json().message).toMatch(/^Only administrators can set this status/);
      const done = await placeReport(t.database.db, { ...SITE, status: 'completed' });
      expect((await setStatus(done, 'cleaning', ailsa)).json()).toMatchObject({
        statusCode: 409,
        message: 'This site has already been cleaned. Please find another site.',
      });
      expect((await setStatus(done, 'reported', ailsa)).statusCode).toBe(403);
    });

    it('an administrator sets any status from any other; completedAt is set on completion and cleared on leaving it', async () => {
      const id = await placeReport(t.database.db, SITE);
      const steps: Array<[string, boolean]> = [
        ['completed', true],
        ['reported', false],
        ['cleaning', false],
        ['completed', true],
        ['cleaning', false],
        ['reported', false],
      ];
      for (const [status, hasCompletedAt] of steps) {
        clock.advance(MINUTE);
        const response = await setStatus(id, status, await adminCookie());
        expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
        const body = reportSchema.parse(response.json());
        expect(body.status).toBe(status);
        expect(body.completedAt).toBe(hasCompletedAt ? clock.now().toISOString() : null);
      }
      // A claim an administrator left for a volunteer's site can be taken over by the administrator too.
      await setStatus(id, 'cleaning', ailsa);
      expect((await setStatus(id, 'reported', await adminCookie())).json().status).toBe('reported');
    });

    it('needs a signed-in volunteer, a real report and a real status', async () => {
      const id = await placeReport(t.database.db, SITE);
      expect((await setStatus(id, 'cleaning')).statusCode).toBe(401);
      expect((await setStatus(999_999, 'cleaning', ailsa)).statusCode).toBe(404);
      expect((await setStatus(id, 'scrubbed', ailsa)).statusCode).toBe(400);
      const crossSite = await t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${id}/status`,
        payload: { status: 'cleaning' },
        headers: { cookie: ailsa, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await report(id)).status).toBe('reported');
    });

    it('a claim left for more than 8 hours returns to reported by itself, so another volunteer can take the site', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const current = async (cookie: string) =>
        currentCleanupResponseSchema.parse(
          (await t.app.inject({ method: 'GET', url: '/api/cleanup/current', headers: { cookie } })).json(),
        );
      expect((await current(ailsa)).report?.id).toBe(id);
      expect((await current(brodie)).report).toBeNull();

      clock.advance(8 * HOUR);
      expect((await setStatus(id, 'cleaning', brodie)).statusCode).toBe(409);
      clock.advance(MINUTE);
      expect((await current(ailsa)).report).toBeNull();
      expect(await report(id)).toMatchObject({
        status: 'reported',
        cleaning_volunteer_id: null,
        cleaning_started_at: null,
      });
      const list = await t.app.inject({ method: 'GET', url: '/api/reports' });
      expect(list.json().find((r: { id: number }) => r.id === id).status).toBe('reported');
      expect((await setStatus(id, 'cleaning', brodie)).statusCode).toBe(200);
    });
  });

  describe("an administrator's Cleaning mark", () => {
    it("is not a volunteer's claim: the 8-hour rule leaves it, and the list says when a volunteer's claim lapses", async () => {
      const marked = await placeReport(t.database.db, SITE);
      const claimed = await placeReport(t.database.db, { latitude: SITE.latitude + 0.01, longitude: SITE.longitude });
      const admin = await adminCookie();
      expect((await setStatus(marked, 'cleaning', admin)).statusCode).toBe(200);
      expect((await setStatus(claimed, 'cleaning', ailsa)).statusCode).toBe(200);
      const claimedAt = clock.now().getTime();

      const page = await t.app.inject({
        method: 'GET',
        url: '/api/reports?status=cleaning',
        headers: { cookie: admin },
      });
      const lapses = Object.fromEntries(
        page.json().reports.map((r: { id: number; claimLapsesAt: string | null }) => [r.id, r.claimLapsesAt]),
      );
      expect(lapses).toEqual({ [marked]: null, [claimed]: new Date(claimedAt + 8 * HOUR).toISOString() });

      clock.advance(9 * HOUR);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/cleanup/current', headers: { cookie: ailsa } })).json(),
      ).toMatchObject({ report: null });
      expect(await report(claimed)).toMatchObject({ status: 'reported' });
      expect(await report(marked)).toMatchObject({ status: 'cleaning', cleaning_volunteer_id: null });
    });
  });

  describe('progress photos (POST /api/reports/:id/photos)', () => {
    const upload = async (
      id: number,
      fields: Record<string, string>,
      files: Parameters<typeof multipartBody>[1],
      cookie = ailsa,
    ) => {
      const { payload, headers } = await multipartBody(fields, files);
      return t.app.inject({
        method: 'POST',
        url: `/api/reports/${id}/photos`,
        payload,
        headers: { ...headers, cookie },
      });
    };

    it('only the volunteer cleaning the site, or an administrator, adds photos to it', async () => {
      const id = await placeReport(t.database.db, SITE);
      const one = async () => ({ photo: await jpeg() });
      // Nobody is cleaning it: a volunteer may not, an administrator may.
      const unclaimed = await upload(id, {}, await one(), brodie);
      expect(unclaimed.statusCode).toBe(403);
      expect(unclaimed.json().message).toBe('Only the volunteer cleaning this site, or an administrator, can do that.');
      expect((await upload(id, {}, await one(), await adminCookie())).statusCode).toBe(201);
      // Ailsa is cleaning it: she may, Brodie may not.
      expect((await setStatus(id, 'cleaning', ailsa)).statusCode).toBe(200);
      expect((await upload(id, {}, await one(), brodie)).statusCode).toBe(403);
      expect((await upload(id, {}, await one(), ailsa)).statusCode).toBe(201);
      const kept = await t.database.db
        .selectFrom('report_photos')
        .select('uploaded_by')
        .where('report_id', '=', id)
        .execute();
      expect(kept.map((row) => row.uploaded_by).sort()).toEqual(['Administrator', 'Volunteer']);
    });

    it("a photo's type is one the service knows: 'progress'", async () => {
      const id = await placeReport(t.database.db, SITE);
      expect((await setStatus(id, 'cleaning', ailsa)).statusCode).toBe(200);
      for (const photoType of ['selfie', 'reporter', 'x'.repeat(40)]) {
        const response = await upload(id, { photoType }, { photo: await jpeg() });
        expect(response.statusCode, photoType).toBe(400);
        expect(response.json().message).toBe("photoType must be 'progress'");
      }
      expect(
        await t.database.db.selectFrom('report_photos').select('id').where('report_id', '=', id).execute(),
      ).toEqual([]);
      const progress = await upload(id, { photoType: 'progress' }, { photo: await jpeg() });
      expect(progress.statusCode).toBe(201);
    });

    it('takes many photos in the field photos, as progress photos by a volunteer', async () => {
      const id = await placeReport(t.database.db, SITE);
      expect((await setStatus(id, 'cleaning', ailsa)).statusCode).toBe(200);
      const response = await upload(
        id,
        {},
        {
          photos: [
            { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' },
            { data: await png(), name: 'b.png', type: 'image/png' },
          ],
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      const photos = reportPhotoListSchema.parse(response.json());
      expect(photos).toHaveLength(2);
      expect(photos.every((p) => p.photoType === 'progress' && p.uploadedBy === 'Volunteer' && p.reportId === id)).toBe(
        true,
      );
      const listed = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/photos` });
      expect(listed.json()).toEqual(photos);
      for (const photo of photos)
        expect((await t.app.inject({ method: 'GET', url: photo.photoUrl })).statusCode).toBe(200);
    });

    it('takes one photo with its type, description and uploader (the management dashboard form)', async () => {
      const id = await placeReport(t.database.db, SITE);
      const response = await upload(
        id,
        { photoType: 'progress', description: 'Half done', uploadedBy: 'Volunteer' },
        { photo: await jpeg() },
        await adminCookie(),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual([
        expect.objectContaining({ photoType: 'progress', description: 'Half done', uploadedBy: 'Administrator' }),
      ]);
    });

    it("the uploader is taken from the session: a volunteer cannot label a photo 'Administrator'", async () => {
      const id = await placeReport(t.database.db, SITE);
      expect((await setStatus(id, 'cleaning', ailsa)).statusCode).toBe(200);
      const response = await upload(id, { uploadedBy: 'Administrator' }, { photo: await jpeg() });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual([expect.objectContaining({ uploadedBy: 'Volunteer' })]);
    });

    it('refuses no file, a file that is not a photo, an unknown report and a visitor; a bad file stores nothing at all', async () => {
      const id = await placeReport(t.database.db, SITE);
      expect((await setStatus(id, 'cleaning', ailsa)).statusCode).toBe(200);
      const before = t.storedPhotos();
      const none = await upload(id, {}, {});
      expect(none.json()).toMatchObject({
        statusCode: 400,
        title: 'No file selected',
        message: 'Please select a photo to upload.',
      });
      const bad = await upload(
        id,
        {},
        {
          photos: [
            { data: await plainJpeg(), name: 'good.jpg', type: 'image/jpeg' },
            { data: textNamedJpg(), name: 'bad.jpg', type: 'image/jpeg' },
          ],
        },
      );
      expect(bad.statusCode).toBe(415);
      expect(bad.json().title).toBe('Failed to upload photo');
      expect((await upload(999_999, {}, { photo: await jpeg() })).statusCode).toBe(404);
      expect((await upload(id, {}, { photo: await jpeg() }, '')).statusCode).toBe(401);
      expect(t.storedPhotos()).toEqual(before);
      expect(
        await t.database.db.selectFrom('report_photos').select('id').where('report_id', '=', id).execute(),
      ).toEqual([]);
    });

    it("when storage fails half-way the answer is 'Failed to upload photo' and no file is left behind", async () => {
      const id = await placeReport(t.database.db, SITE);
      expect((await setStatus(id, 'cleaning', ailsa)).statusCode).toBe(200);
      const before = t.storedPhotos();
      const realPut = t.storage.put.bind(t.storage);
      let puts = 0;
      vi.spyOn(t.storage, 'put').mockImplementation(async (name, data) => {
        puts += 1;
        if (puts === 3) throw new Error('disk full');
        return realPut(name, data);
      });
      const response = await upload(
        id,
        {},
        {
          photos: [
            { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' },
            { data: await plainJpeg(), name: 'b.jpg', type: 'image/jpeg' },
          ],
        },
      );
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Failed to upload photo');
      expect(t.storedPhotos()).toEqual(before);
    });
  });

  describe('completing a clean-up (POST /api/cleanup/complete)', () => {
    it('also completes every other open report of the same site (same words, or within 25 m), so Find offers none of them again', async () => {
      const cleaned = await placeReport(t.database.db, { ...SITE, what3words: 'rally.census.refuse' });
      // A second phone at the same words (its position not known yet), and a manual report 10 m away.
      const sameWords = await placeReport(t.database.db, {
        latitude: null,
        longitude: null,
        what3words: 'rally.census.refuse',
      });
      const tenMetresAway = await placeReport(t.database.db, {
        latitude: SITE.latitude + 10 / 111_195,
        longitude: SITE.longitude,
        what3words: 'index.home.raft',
      });
      // Another wall a street away stays open.
      const street = await placeReport(t.database.db, {
        latitude: SITE.latitude + 200 / 111_195,
        longitude: SITE.longitude,
        what3words: 'lamp.post.near',
      });
      await setStatus(cleaned, 'cleaning', ailsa);
      const response = await complete(ailsa, { reportId: String(cleaned), volunteerEmail: 'ailsa@example.org' });
      expect(response.statusCode, response.body).toBe(200);
      const body = completeCleanupResponseSchema.parse(response.json());
      expect(body.alsoCompleted.map((r) => r.id).sort()).toEqual([sameWords, tenMetresAway].sort());

      for (const id of [cleaned, sameWords, tenMetresAway]) {
        expect(await report(id)).toMatchObject({ status: 'completed' });
      }
      expect(await report(street)).toMatchObject({ status: 'reported', completed_at: null });
      // One clean-up was done, so the volunteer's record counts one.
      expect((await cleanups()).map((c) => c.report_id)).toEqual([cleaned]);

      const find = await t.app.inject({
        method: 'POST',
        url: '/api/find-nearby',
        payload: { userLatitude: SITE.latitude, userLongitude: SITE.longitude },
        headers: { cookie: brodie },
      });
      expect(find.statusCode, find.body).toBe(200);
      expect(find.json()).toMatchObject({ nearestReport: { id: street }, totalAvailable: 1 });
    });

    it("a twin another volunteer has claimed stays theirs to finish; the twin's status page shows the after photo", async () => {
      const cleaned = await placeReport(t.database.db, { ...SITE, what3words: 'rally.census.refuse' });
      const claimedByBrodie = await placeReport(t.database.db, { ...SITE, what3words: 'rally.census.refuse' });
      const twin = await placeReport(t.database.db, { ...SITE, what3words: 'rally.census.refuse' });
      await t.database.db
        .updateTable('reports')
        .set({ status_token: 'T'.repeat(43) })
        .where('id', '=', twin)
        .execute();
      await setStatus(claimedByBrodie, 'cleaning', brodie);
      await setStatus(cleaned, 'cleaning', ailsa);
      const response = await complete(ailsa, { reportId: String(cleaned), volunteerEmail: 'ailsa@example.org' });
      expect(response.statusCode, response.body).toBe(200);
      expect(await report(claimedByBrodie)).toMatchObject({ status: 'cleaning', cleaning_volunteer_id: ids.brodie });
      expect(await report(twin)).toMatchObject({ status: 'completed' });

      const page = await t.app.inject({ method: 'GET', url: `/api/report-status/${'T'.repeat(43)}` });
      expect(page.statusCode, page.body).toBe(200);
      const { cleanup } = completeCleanupResponseSchema.parse(response.json());
      expect(page.json()).toMatchObject({ status: 'completed', afterPhotoUrl: cleanup.afterPhotoUrl });
    });

    it('stores both photos, completes the report, records the minutes since the claim and awards first_cleanup, all at once', async () => {
      const id = await placeReport(t.database.db, { ...SITE, what3words: 'rally.census.refuse' });
      await setStatus(id, 'cleaning', ailsa);
      clock.advance(47 * MINUTE + 30_000);
      const stored = t.storedPhotos().length;
      const response = await complete(ailsa, { reportId: String(id), volunteerEmail: 'Ailsa@Example.org' });
      expect(response.statusCode, response.body).toBe(200);
      const body = completeCleanupResponseSchema.parse(response.json());
      expect(body.report).toMatchObject({ id, status: 'completed', completedAt: clock.now().toISOString() });
      expect(body.cleanup).toMatchObject({
        reportId: id,
        hoursWorked: 47,
        completedAt: clock.now().toISOString(),
        report: { id, what3words: 'rally.census.refuse' },
      });
      expect(body.newAchievements).toEqual(['first_cleanup']);
      for (const url of [body.cleanup.beforePhotoUrl, body.cleanup.afterPhotoUrl]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      expect(t.storedPhotos().length).toBe(stored + 4); // two photos, each with its thumbnail
      const [row] = await cleanups();
      expect(row).toMatchObject({ report_id: id, volunteer_id: ids.ailsa, minutes_worked: 47 });
      expect(await report(id)).toMatchObject({
        status: 'completed',
        cleaning_volunteer_id: null,
        cleaning_started_at: null,
      });
      const badges = await t.database.db
        .selectFrom('achievements')
        .select('badge_type')
        .where('volunteer_id', '=', ids.ailsa)
        .execute();
      expect(badges.map((b) => b.badge_type)).toEqual(['first_cleanup']);
      // The site cannot be completed twice.
      expect((await complete(ailsa, { reportId: String(id), volunteerEmail: 'ailsa@example.org' })).statusCode).toBe(
        409,
      );
      expect(t.storedPhotos().length).toBe(stored + 4);
    });

    it('time worked counts at most 8 hours', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      clock.advance(8 * HOUR);
      const response = await complete(ailsa, { reportId: String(id), volunteerEmail: 'ailsa@example.org' });
      expect(response.json().cleanup.hoursWorked).toBe(480);
    });

    it('"Skip" stores the clean-up without a volunteer and awards nothing', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      clock.advance(12 * MINUTE);
      const response = await complete(ailsa, { reportId: String(id), volunteerEmail: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json().newAchievements).toEqual([]);
      const rows = await cleanups();
      expect(rows.at(-1)).toMatchObject({ report_id: id, volunteer_id: null, minutes_worked: 12 });
    });

    it('a failed after photo leaves the report cleaning, no clean-up row and no file', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const files = t.storedPhotos();
      const rows = (await cleanups()).length;
      const response = await complete(
        ailsa,
        { reportId: String(id), volunteerEmail: 'ailsa@example.org' },
        {
          beforePhoto: await jpeg('before.jpg'),
          afterPhoto: { data: textNamedJpg(), name: 'after.jpg', type: 'image/jpeg' },
        },
      );
      expect(response.statusCode).toBe(415);
      expect(await report(id)).toMatchObject({
        status: 'cleaning',
        completed_at: null,
        cleaning_volunteer_id: ids.ailsa,
      });
      expect((await cleanups()).length).toBe(rows);
      expect(t.storedPhotos()).toEqual(files);
    });

    it('when the after photo cannot be stored, the before photo is removed again and nothing changes', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const files = t.storedPhotos();
      const rows = (await cleanups()).length;
      const realPut = t.storage.put.bind(t.storage);
      let puts = 0;
      vi.spyOn(t.storage, 'put').mockImplementation(async (name, data) => {
        puts += 1;
        if (puts === 3) throw new Error('disk full');
        return realPut(name, data);
      });
      const response = await complete(ailsa, { reportId: String(id), volunteerEmail: 'ailsa@example.org' });
      expect(response.statusCode).toBe(500);
      expect(await report(id)).toMatchObject({ status: 'cleaning', completed_at: null });
      expect((await cleanups()).length).toBe(rows);
      expect(t.storedPhotos()).toEqual(files);
    });

    it('when the database refuses the clean-up, the report stays cleaning and both stored photos are removed', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const files = t.storedPhotos();
      const rows = (await cleanups()).length;
      // The transaction fails after the report was marked completed: awarding achievements breaks.
      await t.database.db.schema.alterTable('achievements').renameTo('achievements_away').execute();
      try {
        const response = await complete(ailsa, { reportId: String(id), volunteerEmail: 'ailsa@example.org' });
        expect(response.statusCode).toBe(500);
      } finally {
        await t.database.db.schema.alterTable('achievements_away').renameTo('achievements').execute();
      }
      expect(await report(id)).toMatchObject({
        status: 'cleaning',
        completed_at: null,
        cleaning_volunteer_id: ids.ailsa,
      });
      expect((await cleanups()).length).toBe(rows);
      expect(t.storedPhotos()).toEqual(files);
    });

    it('only the claimant (or an administrator) completes a claimed site', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const files = t.storedPhotos();
      const other = await complete(brodie, { reportId: String(id), volunteerEmail: 'brodie@example.org' });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('Only the volunteer cleaning this site, or an administrator, can do that.');
      expect(t.storedPhotos()).toEqual(files);
      const byAdmin = await complete(await adminCookie(), {
        reportId: String(id),
        volunteerEmail: 'ailsa@example.org',
      });
      expect(byAdmin.statusCode).toBe(200);
      expect((await cleanups()).at(-1)).toMatchObject({ volunteer_id: ids.ailsa });
    });

    it("a volunteer links a clean-up to their own address only; an administrator may link anyone's, registering them", async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', ailsa);
      const someoneElse = await complete(ailsa, { reportId: String(id), volunteerEmail: 'brodie@example.org' });
      expect(someoneElse.statusCode).toBe(403);
      expect(someoneElse.json().message).toBe(
        'You can link a clean-up to your own e-mail address only. Sign in with that address to link it.',
      );

      const open = await placeReport(t.database.db, SITE);
      const byAdmin = await complete(await adminCookie(), {
        reportId: String(open),
        volunteerEmail: 'New.Helper@example.org',
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().newAchievements).toEqual(['first_cleanup']);
      const helper = await t.database.db
        .selectFrom('volunteers')
        .selectAll()
        .where('email', '=', 'new.helper@example.org')
        .executeTakeFirstOrThrow();
      expect((await cleanups()).at(-1)).toMatchObject({ report_id: open, volunteer_id: helper.id, minutes_worked: 0 });
    });

    it('a site whose claim lapsed can still be completed by whoever cleaned it, with no time counted', async () => {
      const id = await placeReport(t.database.db, SITE);
      await setStatus(id, 'cleaning', brodie);
      clock.advance(9 * HOUR);
      const response = await complete(brodie, { reportId: String(id), volunteerEmail: 'brodie@example.org' });
      expect(response.statusCode).toBe(200);
      expect(response.json().cleanup.hoursWorked).toBe(0);
    });

    it('ten hours over four clean-ups earn hours_10, and the fifth clean-up cleanups_5, each once', async () => {
      const earned: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const id = await placeReport(t.database.db, SITE);
        await setStatus(id, 'cleaning', ailsa);
        clock.advance(2 * HOUR + 40 * MINUTE);
        const response = await complete(ailsa, { reportId: String(id), volunteerEmail: 'ailsa@example.org' });
        earned.push(...response.json().newAchievements);
      }
      expect(earned).toEqual(['first_cleanup', 'hours_10', 'cleanups_5']);
      const badges = await t.database.db
        .selectFrom('achievements')
        .select('badge_type')
        .where('volunteer_id', '=', ids.ailsa)
        .execute();
      expect(badges.map((b) => b.badge_type).sort()).toEqual(['cleanups_5', 'first_cleanup', 'hours_10']);
    });

    it('refuses a missing photo or report id, an unknown report and a visitor', async () => {
      const id = await placeReport(t.database.db, SITE);
      const onlyBefore = await complete(ailsa, { reportId: String(id) }, { beforePhoto: await jpeg() });
      expect(onlyBefore.json()).toMatchObject({
        statusCode: 400,
        title: 'Upload failed',
        message: 'Please add both a before and an after photo.',
      });
      expect((await complete(ailsa, {})).statusCode).toBe(400);
      expect((await complete(ailsa, { reportId: '999999' })).statusCode).toBe(404);
      expect((await complete('', { reportId: String(id) })).statusCode).toBe(401);
      expect((await report(id)).status).toBe('reported');
    });
  });
});
