// Each wall's history through the API on each database: 'It's back' on a cleaned site makes a new
// report of the same site and never e-mails the earlier reporter again; the 'it has been cleaned'
// e-mail asks 'Is it clean now?' (No leads to 'It's back', Yes changes nothing); a site is the reports
// at the same words or within 25 m, not beyond; and the most re-tagged sites, against a history worked
// out by hand.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smtpMailer } from '#server/mail/mailer.ts';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { adminCookies } from '#tests/sessions.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import { CASTLE_WORDS, gridWordsAt } from '#tests/places.ts';
import { createdReportSchema } from '#shared/contracts/reports.ts';
import { reportStatusPageSchema } from '#shared/contracts/report-follow-up.ts';
import { retaggedSitesSchema, siteHistorySchema } from '#shared/contracts/report-sites.ts';
import { siteHistoryWords } from '#shared/domain/site-history.ts';
import { siteMessages } from '#shared/domain/site-messages.ts';

const FROM = 'Clean Up Edinburgh <reports@cleanupedinburgh.org>';
const jpeg = async () => ({ data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' });

/** A point on a wall east of Waverley, and points a measured number of metres east or west of it. */
const P0 = { lat: 55.95196, lng: -3.18937 };
const METRES_PER_DEGREE_LNG = 111_195 * Math.cos((P0.lat * Math.PI) / 180);
const wordsEastOf = (metres: number) => gridWordsAt(P0.lat, P0.lng + metres / METRES_PER_DEGREE_LNG);
const WALL = wordsEastOf(0);

describe.each(testDatabaseKinds)('sites on %s', (kind) => {
  let smtp: FakeSmtp;
  let clock: MovableClock;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    clock = movableClock(new Date('2026-03-02T10:00:00Z'));
    t = await buildTestApp(kind, { clock, mailer: smtpMailer(smtp.url, FROM, { ignoreTLS: true }) });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  const at = (iso: string) => clock.set(new Date(iso));

  async function submit(fields: Record<string, string>) {
    const { payload, headers } = await multipartBody(fields, { photo: await jpeg() });
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    return createdReportSchema.parse(response.json());
  }

  async function itsBack(id: number, fields: Record<string, string>, photo = true) {
    const { payload, headers } = await multipartBody(fields, photo ? { photo: await jpeg() } : {});
    return t.app.inject({ method: 'POST', url: `/api/reports/${id}/back`, payload, headers });
  }

  async function setStatus(id: number, status: string) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      payload: { status },
      cookies: await adminCookies(t.app),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function historyOf(id: number) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/${id}/site-history`,
      cookies: await adminCookies(t.app),
    });
    expect(response.statusCode, response.body).toBe(200);
    return siteHistorySchema.parse(response.json());
  }

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const reportCount = async () => (await t.database.db.selectFrom('reports').select('id').execute()).length;

  it("'Is it clean now?': No leads to 'It's back', a new report of the same site; the earlier reporter is not e-mailed again", async () => {
    at('2026-03-02T10:00:00Z');
    const address = 'first.reporter@example.org';
    const first = await submit({ what3words: WALL, notifyEmail: address });
    await t.app.outbox.drain();
    const confirm = mailsTo(address)[0]!.text.match(
      /http:\/\/localhost:3000(\/api\/report-follow\/confirm\?token=\S+)/,
    )!;
    expect((await t.app.inject({ method: 'POST', url: confirm[1]! })).statusCode).toBe(200);
    await setStatus(first.id, 'completed');
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    const cleaned = mailsTo(address)[1]!;
    expect(cleaned.subject).toBe(`Cleaned: your graffiti report #${first.id}`);

    // The e-mail asks, in its text and its HTML, with the reporter's own status link as the proof.
    const statusUrl = `http://localhost:3000/report/${first.statusToken}`;
    expect(cleaned.text).toContain(
      `Is it clean now?\nYes, it is clean: ${statusUrl}?clean=yes\nNo, it's back: ${statusUrl}?clean=no`,
    );
    expect(cleaned.html).toContain(`<strong>Is it clean now?</strong>`);
    expect(cleaned.html).toContain(`<a href="${statusUrl}?clean=no" style="font-weight:bold">No, it&#39;s back</a>`);

    // 'Yes' opens the status page and changes nothing.
    const page = await t.app.inject({ method: 'GET', url: `/api/report-status/${first.statusToken}` });
    expect(reportStatusPageSchema.parse(page.json())).toMatchObject({ id: first.id, status: 'completed' });
    expect(await reportCount()).toBe(1);

    // 'No': the page the link opens sends a photo of the wall as it is now.
    at('2026-03-20T09:00:00Z');
    const back = await itsBack(first.id, { what3words: WALL });
    expect(back.statusCode, back.body).toBe(201);
    const again = createdReportSchema.parse(back.json());
    expect(again).toMatchObject({ status: 'reported', what3words: WALL });
    expect(again.id).not.toBe(first.id);
    // Its reporter gets a status link of their own; the first one's report stays cleaned.
    expect(again.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.statusToken).not.toBe(first.statusToken);
    const earlier = await t.app.inject({ method: 'GET', url: `/api/report-status/${first.statusToken}` });
    expect(earlier.json()).toMatchObject({ status: 'completed' });
    // One site: the new report's history counts both, the second made after it was cleaned.
    expect(await historyOf(again.id)).toEqual({
      reports: 2,
      taggedAgain: 1,
      firstReportedAt: '2026-03-02T10:00:00.000Z',
      lastCleanedAt: '2026-03-02T10:00:00.000Z',
    });

    // Said twice: the site is open again, so the second is pointed at the open report.
    const twice = await itsBack(first.id, { what3words: WALL });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(siteMessages.alreadyBack(again.id));

    // Cleaned again: the earlier reporter hears nothing more (the confirm link and one 'cleaned' e-mail).
    await setStatus(again.id, 'completed');
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    expect(mailsTo(address)).toHaveLength(2);
  });

  it("'It's back' is refused for an open or unknown report, beyond 25 m, or without a photo, and keeps nothing", async () => {
    at('2026-04-01T10:00:00Z');
    const open = await submit({ what3words: WALL });
    const refusedOpen = await itsBack(open.id, { what3words: WALL });
    expect(refusedOpen.statusCode).toBe(409);
    expect(refusedOpen.json().message).toBe(siteMessages.notCleaned);
    expect((await itsBack(999_999, { what3words: WALL })).statusCode).toBe(404);

    await setStatus(open.id, 'completed');
    const reportsBefore = (await t.database.db.selectFrom('reports').select('photo_key').execute()).length;
    const far = await itsBack(open.id, { what3words: wordsEastOf(40) });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(siteMessages.notThisSite);
    const noPhoto = await itsBack(open.id, { what3words: WALL }, false);
    expect(noPhoto.statusCode).toBe(400);
    expect(await reportCount()).toBe(reportsBefore);
    // Within 25 m (another square of the same wall) it is the same site.
    const near = await itsBack(open.id, { what3words: wordsEastOf(15) });
    expect(near.statusCode, near.body).toBe(201);
  });

  it('a site is the reports at the same words or within 25 m, not beyond; the most re-tagged sites by hand', async () => {
    // The wall's history, worked out by hand:
    //   2 Mar  A1 at the wall                      site 1
    //   5 Mar  A2 at the same words                site 1 (A1 still open: not tagged again)
    //  10 Mar  A1 and A2 cleaned
    //   1 Apr  A3 20 m east of the wall            site 1, tagged again (cleaned, none open)
    //   3 Apr  B1 32 m west of the wall            site 2 (beyond 25 m of every report of site 1)
    //   4 Apr  C1 at the Castle, cleaned 6 Apr     site 3
    //  20 Apr  A3 cleaned
    //   1 May  'It's back' on A3 at the wall: A4   site 1, tagged again
    //   2 May  'It's back' on C1: C2               site 3, tagged again
    // On 2 May site 1 has 4 reports since March, tagged again twice, last cleaned 20 Apr (12 days).
    at('2026-03-02T10:00:00Z');
    const a1 = await submit({ what3words: WALL });
    at('2026-03-05T10:00:00Z');
    const a2 = await submit({ what3words: WALL });
    at('2026-03-10T10:00:00Z');
    await setStatus(a1.id, 'completed');
    await setStatus(a2.id, 'completed');
    at('2026-04-01T10:00:00Z');
    const a3 = await submit({ what3words: wordsEastOf(20) });
    at('2026-04-03T10:00:00Z');
    const b1 = await submit({ what3words: wordsEastOf(-32) });
    at('2026-04-04T10:00:00Z');
    const c1 = await submit({ what3words: CASTLE_WORDS });
    at('2026-04-06T10:00:00Z');
    await setStatus(c1.id, 'completed');
    at('2026-04-20T10:00:00Z');
    await setStatus(a3.id, 'completed');
    at('2026-05-01T10:00:00Z');
    const a4 = createdReportSchema.parse((await itsBack(a3.id, { what3words: WALL })).json());
    at('2026-05-02T10:00:00Z');
    const c2 = createdReportSchema.parse((await itsBack(c1.id, { what3words: CASTLE_WORDS })).json());

    const wall = {
      reports: 4,
      taggedAgain: 2,
      firstReportedAt: '2026-03-02T10:00:00.000Z',
      lastCleanedAt: '2026-04-20T10:00:00.000Z',
    };
    for (const report of [a1, a2, a3, a4]) expect(await historyOf(report.id)).toEqual(wall);
    expect(siteHistoryWords(wall, clock.now())).toBe('reported 4 times since March, last cleaned 12 days ago');
    expect(await historyOf(b1.id)).toEqual({
      reports: 1,
      taggedAgain: 0,
      firstReportedAt: '2026-04-03T10:00:00.000Z',
      lastCleanedAt: null,
    });
    expect(siteHistoryWords(await historyOf(b1.id), clock.now())).toBe('reported once since April, never cleaned');

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/retagged-sites',
      cookies: await adminCookies(t.app),
    });
    expect(response.statusCode).toBe(200);
    expect(retaggedSitesSchema.parse(response.json()).sites).toEqual([
      {
        reportId: a4.id,
        what3words: WALL,
        reports: 4,
        taggedAgain: 2,
        lastReportedAt: '2026-05-01T10:00:00.000Z',
        lastCleanedAt: '2026-04-20T10:00:00.000Z',
      },
      {
        reportId: c2.id,
        what3words: CASTLE_WORDS,
        reports: 2,
        taggedAgain: 1,
        lastReportedAt: '2026-05-02T10:00:00.000Z',
        lastCleanedAt: '2026-04-06T10:00:00.000Z',
      },
    ]);
    // Administrators only.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/retagged-sites' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/reports/${a1.id}/site-history` })).statusCode).toBe(
      401,
    );
  });
});
