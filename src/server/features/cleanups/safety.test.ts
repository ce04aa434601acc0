// Safety and consent before a claim, on both databases: the yearly briefing, the age band confirmed
// once, under-16s never claiming alone, and sites on private property withheld until the owner's
// consent is recorded; each rule on every way a volunteer takes on a site (a claim, or completing an
// open site they cleaned without one).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, TEST_ADMIN_PASSCODE, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { keepingMailer, movableClock, placeReport, signInVolunteer } from '#tests/volunteers.ts';
import { findNearbyResponseSchema } from '#shared/contracts/cleanups.ts';
import { reportPageSchema } from '#shared/contracts/reports.ts';
import { safetyBriefingResponseSchema } from '#shared/contracts/safety.ts';

const SITE = { latitude: 55.95, longitude: -3.19 };
const jpeg = async (name: string) => ({ data: await plainJpeg(), name, type: 'image/jpeg' });

describe.each(testDatabaseKinds)('safety and consent before a claim on %s', (kind) => {
  let t: TestApp;
  // 23:30 GMT on 31 December: London's new year is half an hour away.
  const clock = movableClock(new Date('2026-12-31T23:30:00Z'));
  const mailer = keepingMailer();
  let sequence = 0;
  const newVolunteer = () =>
    signInVolunteer(t.app, mailer, `volunteer${++sequence}@example.org`, undefined, { briefing: false });

  const adminCookie = async () => {
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth',
      payload: { passcode: TEST_ADMIN_PASSCODE },
    });
    return `cue_admin=${auth.cookies.find((c) => c.name === 'cue_admin')!.value}`;
  };
  const briefing = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/volunteers/safety', headers: { cookie } });
  const accept = (cookie: string, ageBand?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/volunteers/safety',
      payload: ageBand ? { ageBand } : {},
      headers: { cookie },
    });
  const claim = (id: number, cookie: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status: 'cleaning' },
      headers: { cookie },
    });
  const completeOpen = async (id: number, cookie: string) => {
    const { payload, headers } = await multipartBody(
      { reportId: String(id) },
      { beforePhoto: await jpeg('before.jpg'), afterPhoto: await jpeg('after.jpg') },
    );
    return t.app.inject({ method: 'POST', url: '/api/cleanup/complete', payload, headers: { ...headers, cookie } });
  };
  const find = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/find-nearby',
      payload: { userLatitude: SITE.latitude, userLongitude: SITE.longitude },
      headers: { cookie },
    });
  /** Both ways a volunteer takes on an open site. */
  const claimPaths = [
    ['claiming it', claim],
    ['completing it without a claim', completeOpen],
  ] as const;

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, mailer, limits: { signInRequestsPerClient: 1000 } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set(new Date('2026-12-31T23:30:00Z'));
    await t.database.db.deleteFrom('reports').execute();
  });

  it('asks an administrator signed in by code alone to sign in as a volunteer for the briefing', async () => {
    const cookie = await adminCookie();
    for (const answer of [await briefing(cookie), await accept(cookie, '16-or-over')]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe('Please sign in as a volunteer to continue.');
    }
  });

  it('shows the default briefing for graffiti cleaning until the volunteer accepts it, and records when', async () => {
    const cookie = await newVolunteer();
    const before = safetyBriefingResponseSchema.parse((await briefing(cookie)).json());
    expect(before).toMatchObject({ acceptedThisYear: false, acceptedAt: null, ageBand: null });
    for (const words of ['gloves', 'eye protection', 'chemicals', 'traffic', 'ladders', 'alone at night', 'unsafe'])
      expect(before.briefing).toContain(words);

    // The age band is needed the first time.
    const withoutBand = await accept(cookie);
    expect(withoutBand.statusCode).toBe(400);
    expect(withoutBand.json().message).toBe(
      'Please confirm whether you are under 16 or 16 or over before you claim a site.',
    );

    const accepted = safetyBriefingResponseSchema.parse((await accept(cookie, '16-or-over')).json());
    expect(accepted).toMatchObject({
      acceptedThisYear: true,
      acceptedAt: clock.now().toISOString(),
      ageBand: '16-or-over',
    });
  });

  for (const [path, takeOn] of claimPaths) {
    it(`refuses ${path} before this year's briefing is accepted, and asks again in the new London year`, async () => {
      const cookie = await newVolunteer();
      const id = await placeReport(t.database.db, SITE);
      const refused = await takeOn(id, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "Please read and accept this year's safety briefing before you claim a site.",
      );
      expect(
        (await t.database.db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow())
          .status,
      ).toBe('reported');

      await accept(cookie, '16-or-over');
      // Midnight in London: last year's acceptance no longer counts; the age band stands.
      clock.advance(31 * 60_000);
      const nextYear = safetyBriefingResponseSchema.parse((await briefing(cookie)).json());
      expect(nextYear).toMatchObject({ acceptedThisYear: false, ageBand: '16-or-over' });
      expect((await takeOn(id, cookie)).statusCode).toBe(409);

      expect((await accept(cookie)).statusCode).toBe(200);
      expect((await takeOn(id, cookie)).statusCode).toBe(200);
    });

    it(`refuses ${path} to a volunteer under 16, who confirmed their band once`, async () => {
      const cookie = await newVolunteer();
      expect((await accept(cookie, 'under-16')).statusCode).toBe(200);
      // The band is confirmed once: a later answer does not change it.
      expect(safetyBriefingResponseSchema.parse((await accept(cookie, '16-or-over')).json()).ageBand).toBe('under-16');
      const id = await placeReport(t.database.db, SITE);
      const refused = await takeOn(id, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Volunteers under 16 cannot claim a site on their own. Please clean with an adult at a group event.',
      );
    });

    it(`a site needing the owner's consent is not offered nor taken on by ${path} until an administrator records it`, async () => {
      const cookie = await newVolunteer();
      await accept(cookie, '16-or-over');
      const admin = await adminCookie();
      const id = await placeReport(t.database.db, SITE);

      // Only administrators mark it.
      const byVolunteer = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/reports/${id}/owner-consent`,
        payload: { needed: true },
        headers: { cookie },
      });
      expect(byVolunteer.statusCode).toBe(403);
      const marked = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/reports/${id}/owner-consent`,
        payload: { needed: true },
        headers: { cookie: admin },
      });
      expect(marked.json()).toEqual({ reportId: id, needed: true, givenBy: null, givenAt: null });

      expect(findNearbyResponseSchema.parse((await find(cookie)).json()).nearestReport).toBeNull();
      const refused = await takeOn(id, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        "This site is on private property. It will be offered to volunteers once the owner's consent is recorded.",
      );

      const given = await t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${id}/owner-consent`,
        payload: { givenBy: 'Factor of 12 Leith Walk', givenAt: '2026-12-30T09:00:00.000Z' },
        headers: { cookie: admin },
      });
      expect(given.json()).toEqual({
        reportId: id,
        needed: true,
        givenBy: 'Factor of 12 Leith Walk',
        givenAt: '2026-12-30T09:00:00.000Z',
      });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'target_id', 'detail'])
        .where('action', 'like', 'report.owner-consent%')
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['report.owner-consent-needed', 'report.owner-consent-given']);
      expect(JSON.stringify(audit)).not.toContain('Leith Walk');

      expect(findNearbyResponseSchema.parse((await find(cookie)).json()).nearestReport?.id).toBe(id);
      expect((await takeOn(id, cookie)).statusCode).toBe(200);
    });
  }
  it("shows administrators each report's consent on the list at its next refresh, and lists those awaiting it", async () => {
    const admin = await adminCookie();
    const [waiting, given, plain] = [
      await placeReport(t.database.db, { ...SITE, what3words: 'index.home.raft' }),
      await placeReport(t.database.db, { ...SITE, what3words: 'daring.lion.race' }),
      await placeReport(t.database.db, { ...SITE, what3words: 'filled.count.soap' }),
    ];
    const list = (query: string, etag?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reports?limit=50${query}`,
        headers: { cookie: admin, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const before = await list('');
    expect(before.statusCode).toBe(200);

    for (const id of [waiting, given]) {
      const marked = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/reports/${id}/owner-consent`,
        payload: { needed: true },
        headers: { cookie: admin },
      });
      expect(marked.statusCode).toBe(200);
    }
    // A day later than today is refused, and nothing is recorded.
    const future = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${given}/owner-consent`,
      payload: { givenBy: 'Mrs Fictional, owner', givenAt: '2027-01-02T00:00:00.000Z' },
      headers: { cookie: admin },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The day the owner gave consent cannot be later than today.');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${given}/owner-consent`,
      payload: { givenBy: 'Mrs Fictional, owner', givenAt: '2026-12-30T00:00:00.000Z' },
      headers: { cookie: admin },
    });

    // The list's version moved with the marks: the refresh is not answered "unchanged".
    const after = await list('', before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    const marks = Object.fromEntries(
      reportPageSchema.parse(after.json()).reports.map((report) => [report.id, report.ownerConsent]),
    );
    expect(marks).toEqual({
      [waiting]: { givenBy: null, givenAt: null },
      [given]: { givenBy: 'Mrs Fictional, owner', givenAt: '2026-12-30T00:00:00.000Z' },
      [plain]: null,
    });

    const awaiting = reportPageSchema.parse((await list('&awaitingConsent=1')).json());
    expect(awaiting.total).toBe(1);
    expect(awaiting.reports.map((report) => report.id)).toEqual([waiting]);

    // Cleared: no longer withheld, no longer listed as awaiting.
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${waiting}/owner-consent`,
      payload: { needed: false },
      headers: { cookie: admin },
    });
    expect(reportPageSchema.parse((await list('&awaitingConsent=1')).json()).total).toBe(0);
  });
});
