// Volunteer alerts end to end: reports submitted through the API reach a real HTTPS push service
// (which decrypts each message and checks its VAPID signature) and a real SMTP server, once each,
// grouped per 10 minutes, in a daily digest, through failures, 410s and restarts, never slowing a report.
import { realLocations } from '#tests/places.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '#server/app.ts';
import { smtpMailer } from '#server/mail/mailer.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { localPhotoStorage } from '#server/features/photos/index.ts';
import { hashPasscode } from '#server/secrets.ts';
import { buildTestApp, speakLikeABrowser, type TestApp } from '#tests/build-test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { startFakePushService, type FakePushService } from '#tests/fake-push-service.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import { addDevice, alertVolunteer, choose, submitReport } from '#tests/alerts.ts';
import type { AlertPushPayload } from '#shared/contracts/alerts.ts';
import { JOB } from './alert-jobs.ts';
import { enqueueJob, outboxRepository } from '#server/jobs/outbox.repository.ts';

const MINUTE = 60_000;
const FROM = 'Clean Up Edinburgh <alerts@cleanupedinburgh.org>';
// The Royal Mile, and places 300 m and 5 km from it.
const CENTRE = { latitude: 55.9497, longitude: -3.1905 };
const NEAR = { latitude: 55.9524, longitude: -3.1905 };
const FAR = { latitude: 55.9947, longitude: -3.1905 };

describe.each(testDatabaseKinds)('volunteer alerts delivered on %s', (kind) => {
  let push: FakePushService;
  let smtp: FakeSmtp;
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@cleanupedinburgh.org' };
  let clock: MovableClock;
  let t: TestApp;

  beforeAll(async () => {
    [push, smtp] = await Promise.all([startFakePushService(), startFakeSmtp()]);
  });
  afterAll(async () => {
    await Promise.all([push?.close(), smtp?.close()]);
  });

  /** The app as main.ts builds it, with the push service's certificate trusted the way NODE_EXTRA_CA_CERTS does. */
  function appDeps(timeoutMs = 5_000) {
    return {
      clock,
      mailer: smtpMailer(smtp.url, FROM, { ignoreTLS: true }),
      push: { vapid, trustEnv: { NODE_EXTRA_CA_CERTS: push.caFile }, timeoutMs, testService: push.testService },
      limits: { reportSubmissionsPerHour: 10_000 },
    };
  }

  async function fresh(start = new Date('2026-11-21T10:00:00Z')) {
    clock = movableClock(start);
    t = await buildTestApp(kind, appDeps());
    push.requests.length = 0;
    smtp.messages.length = 0;
  }
  afterEach(async () => {
    await t?.close();
  });

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const payloadOf = (index: number) => push.requests[index]!.payload as AlertPushPayload;

  it('a new report reaches every subscribed device once and every e-mail subscriber once', async () => {
    await fresh();
    const ailsa = await alertVolunteer(t.database, clock, 'ailsa@example.org'); // push on two devices
    const bruce = await alertVolunteer(t.database, clock, 'bruce@example.org'); // an e-mail per report
    const catriona = await alertVolunteer(t.database, clock, 'catriona@example.org'); // push and e-mail
    await alertVolunteer(t.database, clock, 'dougal@example.org'); // has chosen nothing
    const euan = await alertVolunteer(t.database, clock, 'euan@example.org'); // daily digest only
    const phone = push.subscribe();
    const laptop = push.subscribe();
    const catrionaPhone = push.subscribe();
    await addDevice(t.app, ailsa, phone);
    await addDevice(t.app, ailsa, laptop);
    await choose(t.app, bruce, { email: 'instant' });
    await addDevice(t.app, catriona, catrionaPhone);
    await choose(t.app, catriona, { push: true, email: 'instant' });
    await choose(t.app, euan, { email: 'daily' });

    const report = await submitReport(t.app, {
      what3words: 'rally.census.refuse',
      description: 'Tag on the close wall',
      ...NEAR,
    });
    await t.app.outbox.drain();

    expect(push.requests.map((r) => r.subscriptionId).sort()).toEqual([phone.id, laptop.id, catrionaPhone.id].sort());
    for (const request of push.requests) {
      expect(request.status).toBe(201);
      expect(request.vapid.publicKey).toBe(vapid.publicKey);
      expect(request.vapid.claims.sub).toBe('mailto:alerts@cleanupedinburgh.org');
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.payload).toMatchObject({
        title: 'New graffiti report in Edinburgh',
        body: '///rally.census.refuse: Tag on the close wall',
        url: '/volunteers',
        reports: [{ id: report.id, what3words: 'rally.census.refuse' }],
      });
      expect((request.payload as AlertPushPayload).icon).toMatch(
        /^http:\/\/localhost:3000\/photos\/[\w-]+-thumb\.jpg$/,
      );
    }

    await smtp.waitFor('bruce@example.org');
    await smtp.waitFor('catriona@example.org');
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(['bruce@example.org', 'catriona@example.org']);
    const mail = mailsTo('bruce@example.org')[0]!;
    expect(mail.subject).toBe('New graffiti report in Edinburgh: ///rally.census.refuse');
    expect(mail.text).toContain('///rally.census.refuse - Tag on the close wall');
    const link = /Unsubscribe from alert e-mails with one click: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=[\w-]{43}$/);
    expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The same report's alert run again (a worker that crashed after its work) tells nobody twice.
    const photoKey = (await t.database.db.selectFrom('reports').select('photo_key').executeTakeFirstOrThrow())
      .photo_key;
    await enqueueJob(t.database.db, {
      kind: JOB.reportAlert,
      payload: { reportId: report.id, photoKey },
      runAfter: clock.now().toISOString(),
      now: clock.now().toISOString(),
    });
    clock.advance(11 * MINUTE);
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(3);
    expect(smtp.messages).toHaveLength(2);
  });

  it('reports within 10 minutes of an alert are grouped into one message per volunteer and channel', async () => {
    await fresh();
    const fiona = await alertVolunteer(t.database, clock, 'fiona@example.org');
    const device = push.subscribe();
    await addDevice(t.app, fiona, device);
    await choose(t.app, fiona, { push: true, email: 'instant' });

    await submitReport(t.app, { what3words: 'swim.risk.will', ...NEAR });
    await t.app.outbox.drain();
    await smtp.waitFor('fiona@example.org');
    expect(push.requests).toHaveLength(1);

    clock.advance(2 * MINUTE);
    await submitReport(t.app, { what3words: 'hen.laugh.goddess', ...NEAR });
    await t.app.outbox.drain();
    clock.advance(4 * MINUTE);
    await submitReport(t.app, { what3words: 'razor.among.idea', ...NEAR });
    await t.app.outbox.drain();
    clock.advance(3 * MINUTE); // 9 minutes after the first alert: still waiting
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);

    clock.advance(MINUTE);
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(2);
    expect(payloadOf(1)).toMatchObject({
      title: '2 new graffiti reports in Edinburgh',
      body: '///razor.among.idea, ///hen.laugh.goddess',
    });
    const grouped = await smtp.waitFor('fiona@example.org');
    expect(grouped.subject).toBe('2 new graffiti reports in Edinburgh');
    expect(grouped.text).toContain('///hen.laugh.goddess');
    expect(grouped.text).toContain('///razor.among.idea');
    expect(smtp.messages).toHaveLength(2);
  });

  it('offensive graffiti reaches volunteers as urgent, by push and by e-mail', async () => {
    await fresh();
    const catriona = await alertVolunteer(t.database, clock, 'catriona@example.org');
    const device = push.subscribe();
    await addDevice(t.app, catriona, device);
    await choose(t.app, catriona, { push: true, email: 'instant' });

    await submitReport(t.app, { what3words: 'rally.census.refuse', offensive: true, ...NEAR });
    await t.app.outbox.drain();
    expect(payloadOf(0)).toMatchObject({
      title: 'Urgent: New graffiti report in Edinburgh',
      body: 'Urgent: ///rally.census.refuse',
    });
    const mail = await smtp.waitFor('catriona@example.org');
    expect(mail.subject).toBe('Urgent: New graffiti report in Edinburgh: ///rally.census.refuse');
    expect(mail.text).toContain('Urgent: ///rally.census.refuse');
  });

  it('a volunteer who set a distance hears only of reports within it (and of those with no place)', async () => {
    await fresh();
    const gregor = await alertVolunteer(t.database, clock, 'gregor@example.org');
    await choose(t.app, gregor, { email: 'instant', radiusKm: 1, centre: CENTRE });

    await submitReport(t.app, { what3words: 'bulb.warm.limb', ...FAR });
    await t.app.outbox.drain();
    expect(smtp.messages).toHaveLength(0);

    await submitReport(t.app, { what3words: 'guilt.damp.paper', ...NEAR });
    await t.app.outbox.drain();
    expect((await smtp.waitFor('gregor@example.org')).subject).toContain('///guilt.damp.paper');

    clock.advance(11 * MINUTE);
    await submitReport(t.app, { what3words: 'bleak.exhaust.jewel' }); // words the grid cannot place
    await t.app.outbox.drain();
    expect((await smtp.waitFor('gregor@example.org')).subject).toContain('///bleak.exhaust.jewel');
  });

  it('the daily digest goes at 18:00 in Edinburgh, only when there is something new', async () => {
    await fresh(new Date('2026-11-21T09:00:00Z')); // 09:00 GMT
    const heather = await alertVolunteer(t.database, clock, 'heather@example.org');
    await choose(t.app, heather, { email: 'daily' });
    clock.advance(2 * 60 * MINUTE);
    await submitReport(t.app, { what3words: 'undo.response.solid', ...NEAR });
    clock.advance(60 * MINUTE);
    await submitReport(t.app, { what3words: 'now.engine.curious', ...NEAR });
    clock.set(new Date('2026-11-21T17:59:00Z'));
    await t.app.outbox.drain();
    expect(smtp.messages).toHaveLength(0);

    clock.set(new Date('2026-11-21T18:00:30Z'));
    await t.app.outbox.drain();
    const digest = await smtp.waitFor('heather@example.org');
    expect(digest.subject).toBe("Today's graffiti reports in Edinburgh: 2 new");
    expect(digest.text).toContain('///undo.response.solid');
    expect(digest.text).toContain('///now.engine.curious');
    expect(digest.headers['list-unsubscribe']).toMatch(/unsubscribe\?token=/);

    // Later that evening, and the next evening with nothing new: no more e-mail.
    clock.set(new Date('2026-11-21T21:00:00Z'));
    await t.app.outbox.drain();
    clock.set(new Date('2026-11-22T18:10:00Z'));
    await t.app.outbox.drain();
    expect(smtp.messages).toHaveLength(1);

    // In summer Edinburgh is on BST: 18:00 there is 17:00 UTC.
    clock.set(new Date('2027-06-14T12:00:00Z'));
    await submitReport(t.app, { what3words: 'hip.visual.visual', ...NEAR });
    clock.set(new Date('2027-06-14T16:59:00Z'));
    await t.app.outbox.drain();
    expect(smtp.messages).toHaveLength(1);
    clock.set(new Date('2027-06-14T17:00:00Z'));
    await t.app.outbox.drain();
    const summer = await smtp.waitFor('heather@example.org');
    expect(summer.subject).toBe("Today's graffiti reports in Edinburgh: 1 new");
    expect(summer.text).not.toContain('///now.engine.curious');
  });

  it('a push that fails twice is retried with back-off and delivered once', async () => {
    await fresh();
    const iain = await alertVolunteer(t.database, clock, 'iain@example.org');
    const device = push.subscribe();
    await addDevice(t.app, iain, device);
    push.answer(device.id, 500, 503);

    await submitReport(t.app, { what3words: 'trumpet.execute.price', ...NEAR });
    await t.app.outbox.drain();
    expect(push.requests.map((r) => r.status)).toEqual([500]);
    await t.app.outbox.drain(); // not due yet
    expect(push.requests).toHaveLength(1);

    clock.advance(20_000); // first retry after about 15 s
    await t.app.outbox.drain();
    expect(push.requests.map((r) => r.status)).toEqual([500, 503]);
    clock.advance(20_000); // the second waits about 30 s: not yet
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(2);
    clock.advance(20_000);
    await t.app.outbox.drain();
    expect(push.requests.map((r) => r.status)).toEqual([500, 503, 201]);
    expect(push.delivered(device.id)).toHaveLength(1);
    const summary = await t.database.db
      .selectFrom('outbox')
      .select(['kind', 'attempts', 'delivered_at'])
      .where('kind', '=', JOB.push)
      .execute();
    expect(summary).toEqual([expect.objectContaining({ attempts: 2, delivered_at: expect.anything() })]);
  });

  it('a push service that keeps failing is given up after 24 hours', async () => {
    await fresh();
    const jenny = await alertVolunteer(t.database, clock, 'jenny@example.org');
    const device = push.subscribe();
    await addDevice(t.app, jenny, device);
    push.answer(device.id, ...Array.from({ length: 60 }, () => 500));

    await submitReport(t.app, { what3words: 'electric.shrug.subway', ...NEAR });
    for (let hour = 0; hour <= 25; hour++) {
      await t.app.outbox.drain();
      clock.advance(60 * MINUTE);
    }
    const job = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', JOB.push)
      .executeTakeFirstOrThrow();
    expect(job.gave_up_at).not.toBeNull();
    expect(job.delivered_at).toBeNull();
    const tries = push.requests.length;
    expect(tries).toBeGreaterThan(5);
    expect(tries).toBeLessThan(40);
    clock.advance(48 * 60 * MINUTE);
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(tries);
  });

  it('a push service is trusted only through the certificate store or NODE_EXTRA_CA_CERTS', async () => {
    clock = movableClock(new Date('2026-11-21T10:00:00Z'));
    // The same app, but this push service's certificate is in no store it trusts.
    t = await buildTestApp(kind, { ...appDeps(), push: { vapid, trustEnv: {}, testService: push.testService } });
    push.requests.length = 0;
    const olive = await alertVolunteer(t.database, clock, 'olive@example.org');
    await addDevice(t.app, olive, push.subscribe());
    await submitReport(t.app, { what3words: 'trust.notable.tooth', ...NEAR });
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(0);
    const job = await t.database.db
      .selectFrom('outbox')
      .select(['attempts', 'last_error'])
      .where('kind', '=', JOB.push)
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.last_error).toMatch(/certificate/i);
  });

  it('a 410 from the push service deletes that subscription and nothing else', async () => {
    await fresh();
    const kirsty = await alertVolunteer(t.database, clock, 'kirsty@example.org');
    const oldPhone = push.subscribe();
    const newPhone = push.subscribe();
    await addDevice(t.app, kirsty, oldPhone);
    await addDevice(t.app, kirsty, newPhone);
    push.answer(oldPhone.id, 410);

    await submitReport(t.app, { what3words: 'protect.elevator.myth', ...NEAR });
    await t.app.outbox.drain();
    expect(push.requests.map((r) => [r.subscriptionId, r.status]).sort()).toEqual(
      [
        [oldPhone.id, 410],
        [newPhone.id, 201],
      ].sort(),
    );
    const left = await t.database.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(left).toEqual([{ endpoint: newPhone.endpoint }]);
    const job = await t.database.db
      .selectFrom('outbox')
      .select(['attempts', 'delivered_at'])
      .where('kind', '=', JOB.push)
      .execute();
    expect(job.every((j) => j.attempts === 0 && j.delivered_at !== null)).toBe(true);

    clock.advance(11 * MINUTE);
    await submitReport(t.app, { what3words: 'use.bread.pipe', ...NEAR });
    await t.app.outbox.drain();
    expect(push.requests.slice(2).map((r) => r.subscriptionId)).toEqual([newPhone.id]);
  });

  /** A device added straight to the table, as one kept from before the endpoint rules were. */
  async function keptDevice(volunteerId: number, endpoint: string, keys: { p256dh: string; auth: string }) {
    await t.database.db
      .insertInto('push_subscriptions')
      .values({ volunteer_id: volunteerId, endpoint, ...keys, created_at: clock.now().toISOString() })
      .execute();
  }
  const pushJobs = () =>
    t.database.db
      .selectFrom('outbox')
      .select(['attempts', 'delivered_at', 'gave_up_at'])
      .where('kind', '=', JOB.push)
      .execute();

  it('a kept device at a private address is dropped without a connection, and never retried', async () => {
    clock = movableClock(new Date('2026-11-21T10:00:00Z'));
    // The push service's certificate is trusted, but nothing says its address may be used.
    t = await buildTestApp(kind, { ...appDeps(), push: { vapid, trustEnv: { NODE_EXTRA_CA_CERTS: push.caFile } } });
    push.requests.length = 0;
    const rory = await alertVolunteer(t.database, clock, 'rory@example.org');
    await choose(t.app, rory, { push: true });
    const literal = push.subscribe();
    const named = push.subscribe();
    await keptDevice(rory.id, literal.endpoint, literal.keys);
    // localhost names the same service: only the address the name resolves to can refuse it.
    await keptDevice(
      rory.id,
      literal.endpoint.replace('127.0.0.1', 'localhost').replace(literal.id, named.id),
      named.keys,
    );

    await submitReport(t.app, { what3words: 'trust.notable.tooth', ...NEAR });
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(0);
    expect(await t.database.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([]);
    const jobs = await pushJobs();
    expect(jobs).toHaveLength(2);
    expect(jobs.every((job) => job.delivered_at !== null && job.gave_up_at === null)).toBe(true);
    clock.advance(3 * 60 * MINUTE);
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(0);
  });

  it('an accepted push service whose name resolves to a private address gets no connection', async () => {
    clock = movableClock(new Date('2026-11-21T10:00:00Z'));
    const byName = push.origin.replace('127.0.0.1', 'localhost');
    const allowing = (addresses: string[]) => ({
      ...appDeps(),
      push: {
        vapid,
        trustEnv: { NODE_EXTRA_CA_CERTS: push.caFile },
        testService: { origin: byName, addresses },
      },
    });
    // Accepted when subscribing (its name is allowed), refused when connecting (its address is not).
    t = await buildTestApp(kind, allowing([]));
    push.requests.length = 0;
    const skye = await alertVolunteer(t.database, clock, 'skye@example.org');
    const device = push.subscribe();
    await addDevice(t.app, skye, { ...device, endpoint: device.endpoint.replace(push.origin, byName) });
    await submitReport(t.app, { what3words: 'essay.inquiry.medal', ...NEAR });
    await t.app.outbox.drain();
    expect(push.requests).toHaveLength(0);
    expect(await pushJobs()).toEqual([expect.objectContaining({ attempts: 0, gave_up_at: null })]);
    expect(await t.database.db.selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
    await t.close();

    // The same name, with its addresses allowed, is reached through the very same check.
    t = await buildTestApp(kind, allowing(['127.0.0.1', '::1']));
    const tam = await alertVolunteer(t.database, clock, 'tam@example.org');
    const phone = push.subscribe();
    await addDevice(t.app, tam, { ...phone, endpoint: phone.endpoint.replace(push.origin, byName) });
    await submitReport(t.app, { what3words: 'ivory.panda.heart', ...NEAR });
    await t.app.outbox.drain();
    expect(push.delivered(phone.id)).toHaveLength(1);
  });

  describe('restarts', () => {
    let database: DatabaseHandle;
    afterEach(async () => {
      await database?.close();
    });

    async function serverOn(db: DatabaseHandle, pollMs: number) {
      const app = await buildApp({
        config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: undefined },
        logger: false,
        database: db,
        storage: localPhotoStorage(t.photoDir),
        adminPasscodeHash: hashPasscode('000000'),
        ...appDeps(),
        alerts: { pollMs },
      });
      speakLikeABrowser(app);
      return app;
    }

    it('alerts pending when the server stops are delivered after it starts again', async () => {
      await fresh();
      database = await createTestDatabase(kind);
      const first = await serverOn(database, 20);
      const lachlan = await alertVolunteer(database, clock, 'lachlan@example.org');
      const device = push.subscribe();
      await addDevice(first, lachlan, device);
      await choose(first, lachlan, { push: true, email: 'instant' });
      await submitReport(first, { what3words: 'essay.inquiry.medal', ...NEAR });
      // The first server stops before its worker ever ran: only the outbox knows about the alert.
      await first.close();
      expect(push.requests).toHaveLength(0);
      const pending = await database.db.selectFrom('outbox').select('kind').where('delivered_at', 'is', null).execute();
      expect(pending.map((row) => row.kind)).toEqual([JOB.reportAlert]);

      const second = await serverOn(database, 20);
      second.jobs.start(['outbox']);
      try {
        await push.waitForRequests(1);
        const mail = await smtp.waitFor('lachlan@example.org');
        expect(mail.subject).toContain('///essay.inquiry.medal');
        expect(push.delivered(device.id)).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

    it('a job claimed by a server that died is taken again once its lease runs out', async () => {
      await fresh();
      database = await createTestDatabase(kind);
      const first = await serverOn(database, 20);
      const morag = await alertVolunteer(database, clock, 'morag@example.org');
      await choose(first, morag, { email: 'instant' });
      await submitReport(first, { what3words: 'ivory.panda.heart', ...NEAR });
      await first.close();
      // A server claims the job and dies before finishing it.
      const claimed = await outboxRepository(database.db, database.dialect).claim(
        clock.now().toISOString(),
        new Date(clock.now().getTime() + 2 * MINUTE).toISOString(),
        10,
      );
      expect(claimed).toHaveLength(1);

      const second = await serverOn(database, 20);
      try {
        expect(await second.outbox.drain()).toBe(0);
        clock.advance(2 * MINUTE + 1000);
        await second.outbox.drain();
        expect((await smtp.waitFor('morag@example.org')).subject).toContain('///ivory.panda.heart');
      } finally {
        await second.close();
      }
    });
  });

  it('a report is answered as fast as ever while the push service hangs', async () => {
    const [USUAL, DURING] = [realLocations(3), realLocations(3, { lat: 55.953, lng: -3.19 })];
    clock = movableClock(new Date());
    t = await buildTestApp(kind, { ...appDeps(2_000), alerts: { pollMs: 20 } });
    push.requests.length = 0;
    const neil = await alertVolunteer(t.database, clock, 'neil@example.org');
    const device = push.subscribe();
    await addDevice(t.app, neil, device);

    // Without alerts waiting: a few submissions for the usual time.
    await submitReport(t.app, { what3words: 'addict.park.list' });
    const usual: number[] = [];
    for (let i = 0; i < 3; i++) usual.push((await submitReport(t.app, { what3words: USUAL[i]! })).ms);
    await t.database.db.deleteFrom('outbox').execute();
    await t.database.db.deleteFrom('alert_deliveries').execute();
    await t.database.db.deleteFrom('alert_windows').execute();

    push.answer(device.id, 'hang');
    t.app.jobs.start(['outbox']);
    await submitReport(t.app, { what3words: 'twelve.imitate.turtle', ...NEAR });
    await push.waitForRequests(1);
    expect(push.requests[0]!.status).toBe('hang');

    // The push is still hanging: a report now takes no longer than before.
    const during: number[] = [];
    for (let i = 0; i < 3; i++) during.push((await submitReport(t.app, { what3words: DURING[i]! })).ms);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
    expect(median(during)).toBeLessThan(median(usual) * 3 + 250);
    expect(push.delivered()).toHaveLength(0);
  });
});
