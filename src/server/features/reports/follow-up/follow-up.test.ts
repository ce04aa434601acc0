// Following a report through the API on each database: the private status link (unguessable, not
// found by number, nothing personal in it), 'Tell me when it is cleaned' over real SMTP (confirm link
// first, then exactly one e-mail on completion through the outbox, one-click unsubscribe), the address
// deleted once told or after 90 days, 'Already reported here' (same words or within 25 m) with 'Add my
// photo to it', and the priority mark.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smtpMailer } from '#server/mail/mailer.ts';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { sessionsRepository, sessionsService } from '#server/features/sessions/index.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import { CASTLE_WORDS, WAVERLEY_WORDS, gridWordsAt, realLocations } from '#tests/places.ts';
import { createdReportSchema, reportListSchema } from '#shared/contracts/reports.ts';
import {
  alreadyReportedSchema,
  confirmationResultSchema,
  reportStatusPageSchema,
} from '#shared/contracts/report-follow-up.ts';
import { findNearbyResponseSchema } from '#shared/contracts/cleanups.ts';

const DAY = 24 * 3600_000;
/** A third real location, a few metres east of Waverley. */
const OTHER_WORDS = realLocations(1)[0]!;
const FROM = 'Clean Up Edinburgh <reports@cleanupedinburgh.org>';
const jpeg = async (name = 'wall.jpg') => ({ data: await plainJpeg(), name, type: 'image/jpeg' });

describe.each(testDatabaseKinds)('following a report on %s', (kind) => {
  let smtp: FakeSmtp;
  let clock: MovableClock;
  let t: TestApp;
  let volunteer: Cookies;
  let admin: Cookies;
  let volunteerId: number;
  let people = 0;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    clock = movableClock(new Date('2026-11-21T10:00:00Z'));
    t = await buildTestApp(kind, { clock, mailer: smtpMailer(smtp.url, FROM, { ignoreTLS: true }) });
    volunteerId = (await volunteerSession(t.database)).volunteerId;
  });
  beforeEach(async () => {
    // Sessions on the test's clock, which moves on through the suite.
    const sessions = sessionsService({ repository: sessionsRepository(t.database.db), clock });
    volunteer = { cue_session: (await sessions.start('volunteer', volunteerId)).token };
    admin = await adminCookies(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
  });

  async function submit(fields: Record<string, string>) {
    const { payload, headers } = await multipartBody(fields, { photo: await jpeg() });
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    return createdReportSchema.parse(response.json());
  }

  async function complete(reportId: number) {
    // The suite's clock runs into a new year: the volunteer accepts that year's safety briefing too.
    await t.app.inject({ method: 'POST', url: '/api/volunteers/safety', payload: {}, cookies: volunteer });
    const { payload, headers } = await multipartBody(
      { reportId: String(reportId) },
      { beforePhoto: await jpeg('before.jpg'), afterPhoto: await jpeg('after.jpg') },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cleanup/complete',
      payload,
      headers,
      cookies: volunteer,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const statusOf = (token: string) => t.app.inject({ method: 'GET', url: `/api/report-status/${token}` });
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const linkIn = (text: string, path: string) => {
    const match = text.match(new RegExp(`http://localhost:3000${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`));
    if (!match) throw new Error(`no ${path} link in:\n${text}`);
    return match[0].replace('http://localhost:3000', '');
  };
  const email = () => `reporter.${++people}@example.org`;

  it('the reporter gets the reference and a private status link; the page shows the report and nothing personal', async () => {
    const report = await submit({ what3words: WAVERLEY_WORDS, description: 'Call Jane on 07700 900123' });
    expect(report.statusToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await statusOf(report.statusToken!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = reportStatusPageSchema.strict().parse(page.json());
    expect(body).toMatchObject({
      id: report.id,
      what3words: WAVERLEY_WORDS,
      status: 'reported',
      completedAt: null,
      afterPhotoUrl: null,
      reporterCount: 1,
    });
    expect(body.locationLink).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(JSON.stringify(body)).not.toContain('Jane');
    // The public list never carries anyone's token.
    const list = await t.app.inject({ method: 'GET', url: '/api/reports' });
    expect(list.body).not.toContain(report.statusToken);
    expect(reportListSchema.parse(list.json())[0]).toMatchObject({ id: report.id, reporterCount: 1, priority: false });
  });

  it('a status page cannot be found by number or by a guessed token', async () => {
    const report = await submit({ what3words: OTHER_WORDS });
    for (const token of [String(report.id), 'A'.repeat(43), `${report.statusToken!.slice(0, 42)}x`]) {
      const response = await statusOf(token);
      expect(response.statusCode).toBe(404);
      expect(JSON.stringify(response.json())).not.toContain(OTHER_WORDS);
    }
    // A retried submission answers the same token.
    const key = { what3words: CASTLE_WORDS, idempotencyKey: 'phone-retry-0001-4f1c9a7e2b8d3c6f5a0e' };
    const first = await submit(key);
    const { payload, headers } = await multipartBody(key, { photo: await jpeg() });
    const again = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(again.json().statusToken).toBe(first.statusToken);
  });

  it('once cleaned the page shows completed with its date and the after photo beside the before', async () => {
    const report = await submit({ what3words: OTHER_WORDS });
    clock.advance(2 * DAY);
    await complete(report.id);
    const body = reportStatusPageSchema.parse((await statusOf(report.statusToken!)).json());
    expect(body).toMatchObject({ status: 'completed', completedAt: clock.now().toISOString() });
    expect(body.afterPhotoUrl).toMatch(/^\/photos\//);
    expect(body.afterPhotoUrl).not.toBe(body.photoUrl);
    expect((await t.app.inject({ method: 'GET', url: body.afterPhotoUrl! })).statusCode).toBe(200);
  });

  it('tell me when it is cleaned: a confirm link first, then exactly one e-mail on completion, then the address is gone', async () => {
    const address = email();
    const report = await submit({ what3words: OTHER_WORDS, notifyEmail: ` ${address.toUpperCase()} ` });
    await t.app.outbox.drain();
    const [confirmMail] = mailsTo(address);
    expect(mailsTo(address)).toHaveLength(1);
    expect(confirmMail!.subject).toBe(`Confirm: tell me when report #${report.id} is cleaned`);
    // Every e-mail carries the one-click unsubscribe (RFC 8058).
    expect(confirmMail!.headers['list-unsubscribe']).toMatch(/\/api\/report-follow\/unsubscribe\?token=/);
    expect(confirmMail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Completed before the address was confirmed: nothing is sent to an unconfirmed address.
    await complete(report.id);
    await t.app.outbox.drain();
    expect(mailsTo(address)).toHaveLength(1);

    // The link opens a page with one button (mail scanners open links); the button confirms.
    const confirmUrl = linkIn(confirmMail!.text, '/api/report-follow/confirm');
    const page = await t.app.inject({ method: 'GET', url: confirmUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Yes, tell me when it is cleaned');
    expect((await t.app.inject({ method: 'POST', url: confirmUrl })).statusCode).toBe(200);

    await t.app.outbox.drain();
    await t.app.outbox.drain();
    const cleaned = mailsTo(address).slice(1);
    expect(cleaned).toHaveLength(1);
    expect(cleaned[0]!.subject).toBe(`Cleaned: your graffiti report #${report.id}`);
    expect(cleaned[0]!.text).toContain(`http://localhost:3000/report/${report.statusToken}`);
    expect(cleaned[0]!.html).toMatch(/<img src="http:\/\/localhost:3000\/photos\/[^"]+" alt="The wall after cleaning"/);
    expect(cleaned[0]!.headers['list-unsubscribe']).toBe(confirmMail!.headers['list-unsubscribe']);
    expect(cleaned[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Both e-mails say where to read how the address is used.
    for (const mail of [confirmMail!, cleaned[0]!]) {
      expect(mail.text).toContain('How we use your personal data: http://localhost:3000/privacy');
      expect(mail.html).toContain('href="http://localhost:3000/privacy"');
    }
    // Told once: the address is deleted.
    expect(await t.database.db.selectFrom('report_followers').selectAll().execute()).toEqual([]);
  });

  it("a reporter who added their photo is told with their own link, never the first reporter's", async () => {
    const first = await submit({ what3words: OTHER_WORDS });
    const address = email();
    const withEmail = await multipartBody({ notifyEmail: address }, { photo: await jpeg() });
    const added = await t.app.inject({ method: 'POST', url: `/api/reports/${first.id}/confirmations`, ...withEmail });
    expect(added.statusCode, added.body).toBe(201);
    const theirLink = added.json().statusToken as string;
    await t.app.outbox.drain();
    const [confirmMail] = mailsTo(address);
    await t.app.inject({ method: 'POST', url: linkIn(confirmMail!.text, '/api/report-follow/confirm') });
    await complete(first.id);
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    const mails = mailsTo(address);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Confirm: tell me when report #${first.id} is cleaned`,
      `Cleaned: your graffiti report #${first.id}`,
    ]);
    for (const mail of mails) {
      expect(mail.text).not.toContain(first.statusToken);
      expect(mail.html).not.toContain(first.statusToken);
    }
    expect(mails[1]!.text).toContain(`http://localhost:3000/report/${theirLink}`);
  });

  it("the reporter of a second report of the same wall is told it was cleaned, with the clean-up's after photo", async () => {
    const cleanedOne = await submit({ what3words: OTHER_WORDS });
    const address = email();
    const twin = await submit({ what3words: OTHER_WORDS, notifyEmail: address });
    await t.app.outbox.drain();
    await t.app.inject({ method: 'POST', url: linkIn(mailsTo(address)[0]!.text, '/api/report-follow/confirm') });

    await complete(cleanedOne.id);
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    const cleaned = mailsTo(address).slice(1);
    expect(cleaned.map((mail) => mail.subject)).toEqual([`Cleaned: your graffiti report #${twin.id}`]);
    expect(cleaned[0]!.text).toContain(`http://localhost:3000/report/${twin.statusToken}`);
    expect(cleaned[0]!.html).toMatch(/<img src="http:\/\/localhost:3000\/photos\/[^"]+" alt="The wall after cleaning"/);
  });

  it('a retried submission gives the status link back only to a key no one else could know', async () => {
    // A key too short to be secret is refused before anything is stored.
    for (const idempotencyKey of ['phone-retry-0001', 'aaaaaaaa', 'x'.repeat(31)]) {
      const { payload, headers } = await multipartBody(
        { what3words: CASTLE_WORDS, idempotencyKey },
        { photo: await jpeg() },
      );
      const response = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
      expect(response.statusCode, idempotencyKey).toBe(400);
      expect(response.json().message).toBe('idempotencyKey must be 32 to 100 letters, digits, _ or -');
    }
    expect(await t.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
    // The phone's own random key, sent again after a lost answer, still shows the receipt.
    const key = { what3words: CASTLE_WORDS, idempotencyKey: crypto.randomUUID() };
    const first = await submit(key);
    const { payload, headers } = await multipartBody(key, { photo: await jpeg() });
    const again = await t.app.inject({ method: 'POST', url: '/api/reports', payload, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.id, statusToken: first.statusToken });
  });

  it('following from the status page, and the one-click unsubscribe deletes the address', async () => {
    const address = email();
    const report = await submit({ what3words: OTHER_WORDS });
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/report-status/${report.statusToken}/follow`,
      payload: { email: address },
    });
    expect(follow.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/report-status/${report.statusToken}/follow`,
      payload: { email: 'not-an-address' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid e-mail address');
    await t.app.outbox.drain();
    const [confirmMail] = mailsTo(address);
    await t.app.inject({ method: 'POST', url: linkIn(confirmMail!.text, '/api/report-follow/confirm') });

    // RFC 8058: the mail client posts the form to the List-Unsubscribe address.
    const unsubscribeUrl = confirmMail!.headers['list-unsubscribe']!.replace(/^<http:\/\/localhost:3000|>$/g, '');
    const done = await t.app.inject({
      method: 'POST',
      url: unsubscribeUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await t.database.db.selectFrom('report_followers').selectAll().execute()).toEqual([]);
    await complete(report.id);
    await t.app.outbox.drain();
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('an address never told is deleted by the retention job after 90 days', async () => {
    const report = await submit({ what3words: OTHER_WORDS, notifyEmail: email() });
    clock.advance(89 * DAY);
    expect((await t.app.retention.runOnce()).reportFollowers).toBe(0);
    clock.advance(2 * DAY);
    expect((await t.app.retention.runOnce()).reportFollowers).toBe(1);
    const left = await t.database.db
      .selectFrom('report_followers')
      .selectAll()
      .where('report_id', '=', report.id)
      .execute();
    expect(left).toEqual([]);
  });

  // The volunteer's position, and points due north of it: 0.0002 deg of latitude is 22.2 m, 0.00025 deg 27.8 m.
  const HERE = { latitude: 55.9486, longitude: -3.1999 };
  const north = (deg: number) => ({ latitude: String(HERE.latitude + deg), longitude: String(HERE.longitude) });
  const alreadyReported = async (query: string) =>
    alreadyReportedSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/reports/already-reported?${query}` })).json(),
    ).report;

  it('already reported here: an open report with the same words or within 25 m of the device or the typed words, never a completed one', async () => {
    const near = await submit({ what3words: CASTLE_WORDS, ...north(0) });
    expect(await alreadyReported('words=///Lawn.Blind.Eager')).toMatchObject({
      id: near.id,
      what3words: CASTLE_WORDS,
      reportedAt: near.reportedAt,
      reporterCount: 1,
    });
    expect((await alreadyReported(`words=${CASTLE_WORDS}`))!.thumbnailUrl).toBe(near.thumbnailUrl);
    // 22 m away: the same graffiti. 28 m away: a different place.
    expect(
      (await alreadyReported(`words=${OTHER_WORDS}&lat=${HERE.latitude + 0.0002}&lng=${HERE.longitude}`))?.id,
    ).toBe(near.id);
    expect(
      await alreadyReported(`words=${OTHER_WORDS}&lat=${HERE.latitude + 0.00025}&lng=${HERE.longitude}`),
    ).toBeNull();
    expect(await alreadyReported(`words=${OTHER_WORDS}`)).toBeNull();
    // Words typed with no position are placed: another square's words 22 m away find it, 28 m away not.
    const typedNear = gridWordsAt(HERE.latitude + 0.0002, HERE.longitude);
    const typedFar = gridWordsAt(HERE.latitude + 0.00025, HERE.longitude);
    expect(typedNear).not.toBe(CASTLE_WORDS);
    expect((await alreadyReported(`words=${typedNear}`))?.id).toBe(near.id);
    expect(await alreadyReported(`words=${typedFar}`)).toBeNull();
    // Words that name no place are matched only exactly.
    expect(await alreadyReported('words=not.a.place')).toBeNull();
    await complete(near.id);
    expect(await alreadyReported(`words=${CASTLE_WORDS}`)).toBeNull();
  });

  it("'Add my photo to it' counts one more reporter, keeps the photo, and gives that reporter a status link of their own", async () => {
    const first = await submit({ what3words: CASTLE_WORDS });
    const links = new Set([first.statusToken]);
    for (const expected of [2, 3]) {
      const { payload, headers } = await multipartBody({}, { photo: await jpeg() });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/reports/${first.id}/confirmations`,
        payload,
        headers,
      });
      expect(response.statusCode, response.body).toBe(201);
      // The first reporter's private link is theirs alone: it is never handed to anyone else.
      expect(response.body).not.toContain(first.statusToken);
      const added = confirmationResultSchema.parse(response.json());
      expect(added).toEqual({
        id: first.id,
        statusToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        reporterCount: expected,
      });
      expect(links.has(added.statusToken)).toBe(false);
      links.add(added.statusToken);
      // Their link opens the same report's status page.
      const page = reportStatusPageSchema.parse((await statusOf(added.statusToken)).json());
      expect(page).toMatchObject({ id: first.id, what3words: CASTLE_WORDS, reporterCount: expected });
    }
    // Adding a photo may ask to hear when it is cleaned too: the report's follow-up list grows.
    const address = email();
    const withEmail = await multipartBody({ notifyEmail: address }, { photo: await jpeg() });
    const third = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${first.id}/confirmations`,
      ...withEmail,
    });
    expect(third.json().reporterCount).toBe(4);
    const followers = await t.database.db.selectFrom('report_followers').select(['report_id', 'email']).execute();
    expect(followers).toEqual([{ report_id: first.id, email: address }]);
    const list = reportListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/reports' })).json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, reporterCount: 4 });
    const photos = (await t.app.inject({ method: 'GET', url: `/api/reports/${first.id}/photos` })).json();
    expect(photos.map((p: { photoType: string }) => p.photoType)).toEqual(['reporter', 'reporter', 'reporter']);
    // Without a photo it is refused; a completed report takes none.
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${first.id}/confirmations`,
      ...(await multipartBody({})),
    });
    expect(none.statusCode).toBe(400);
    await complete(first.id);
    const { payload, headers } = await multipartBody({}, { photo: await jpeg() });
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${first.id}/confirmations`,
      payload,
      headers,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This report is no longer open. Please make a new report.');
  });

  it('offensive graffiti within 2 km is offered before any nearer ordinary site; an administrator can clear or set the mark', async () => {
    const ordinary = await submit({ what3words: CASTLE_WORDS, ...north(0.0014) }); // 156 m
    const offensive = await submit({ what3words: OTHER_WORDS, ...north(0.015), offensive: 'true' }); // 1.67 km
    await submit({ what3words: WAVERLEY_WORDS, ...north(0.03), offensive: 'true' }); // 3.3 km: too far to jump the queue
    expect(offensive.priority).toBe(true);
    const find = async () =>
      findNearbyResponseSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/find-nearby',
            cookies: volunteer,
            payload: { userLatitude: HERE.latitude, userLongitude: HERE.longitude },
          })
        ).json(),
      );
    const first = await find();
    expect(first.nearestReport).toMatchObject({ id: offensive.id, priority: true });
    expect(first.message).toBe('Priority: offensive graffiti 1.7 km away. Please clean it first.');

    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${offensive.id}/priority`,
      cookies: volunteer,
      payload: { priority: false },
    });
    expect(refused.statusCode).toBe(403);
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${offensive.id}/priority`,
      cookies: admin,
      payload: { priority: false },
    });
    expect(cleared.json()).toEqual({ id: offensive.id, priority: false });
    expect((await find()).nearestReport?.id).toBe(ordinary.id);

    // Setting the mark on an ordinary report makes it a priority one.
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${ordinary.id}/priority`,
      cookies: admin,
      payload: { priority: true },
    });
    expect(set.json()).toEqual({ id: ordinary.id, priority: true });
    expect((await find()).nearestReport).toMatchObject({ id: ordinary.id, priority: true });
    const list = reportListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/reports' })).json());
    expect(list.find((r) => r.id === ordinary.id)).toMatchObject({ priority: true });
  });

  it('after a report is made only an administrator sets its priority mark: no replay, added photo or volunteer call does', async () => {
    const key = 'a'.repeat(32);
    const report = await submit({ what3words: CASTLE_WORDS, idempotencyKey: key });
    expect(report.priority).toBe(false);
    const priorityNow = async () =>
      Boolean(
        (
          await t.database.db
            .selectFrom('reports')
            .select('priority')
            .where('id', '=', report.id)
            .executeTakeFirstOrThrow()
        ).priority,
      );
    // The same submission again, now saying it is offensive.
    const replay = await multipartBody(
      { what3words: CASTLE_WORDS, idempotencyKey: key, offensive: 'true' },
      { photo: await jpeg() },
    );
    await t.app.inject({ method: 'POST', url: '/api/reports', ...replay });
    expect(await priorityNow()).toBe(false);
    // 'Add my photo to it', saying it is offensive.
    const added = await multipartBody({ offensive: 'true', priority: 'true' }, { photo: await jpeg() });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/reports/${report.id}/confirmations`, ...added })).statusCode,
    ).toBe(201);
    expect(await priorityNow()).toBe(false);
    // A volunteer's calls on the report.
    for (const [method, url, payload] of [
      ['PATCH', `/api/reports/${report.id}/status`, { status: 'cleaning', priority: true }],
      ['PATCH', `/api/reports/${report.id}`, { what3words: CASTLE_WORDS, priority: true }],
      ['PUT', `/api/admin/reports/${report.id}/priority`, { priority: true }],
      ['POST', '/api/admin/reports/status', { ids: [report.id], status: 'reported', priority: true }],
    ] as const) {
      await t.app.inject({ method, url, cookies: volunteer, payload });
      expect(await priorityNow(), `${method} ${url}`).toBe(false);
    }
    // The status page's own calls, by its token.
    await t.app.inject({
      method: 'POST',
      url: `/api/report-status/${report.statusToken}/follow`,
      payload: { email: email(), priority: true },
    });
    expect(await priorityNow()).toBe(false);
  });

  // Last: it uses up this client's allowance.
  it("'Already reported here' is limited like the location conversions: typed words may spend the provider's quota", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61 && !statuses.includes(429); i++) {
      const url = `/api/reports/already-reported?words=${CASTLE_WORDS}`;
      statuses.push((await t.app.inject({ method: 'GET', url })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([200]));
  });
});
