// The alerts API: a volunteer's choices (nothing until chosen), their devices, the signed-out
// one-click unsubscribe, the administrators' summary, and the alert job written with each report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies } from '#tests/sessions.ts';
import { movableClock } from '#tests/volunteers.ts';
import { alertVolunteer, choose, submitReport } from '#tests/alerts.ts';
import { alertPreferencesSchema, alertsSummarySchema } from '#shared/contracts/alerts.ts';
import { loadConfig } from '#server/config.ts';
import { JOB } from './alert-jobs.ts';
import { retryDelayMs } from '#server/jobs/outbox-worker.ts';
import { cityDayAndHour } from '#shared/domain/calendar-days.ts';
import { defaultVapidSubject, ensureVapidKeys } from './vapid-keys.ts';

const subscription = (n: number, endpoint = `https://fcm.googleapis.com/fcm/send/device-${n}`) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

describe.each(testDatabaseKinds)('alerts API on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-11-21T10:00:00Z'));
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@example.org' };
  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, push: { vapid }, limits: { reportSubmissionsPerHour: 1000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a new volunteer has chosen nothing, and the card can say so', async () => {
    const v = await alertVolunteer(t.database, clock, 'new.volunteer@example.org');
    const response = await t.app.inject({ method: 'GET', url: '/api/alerts/preferences', cookies: v.cookies });
    expect(response.statusCode).toBe(200);
    expect(alertPreferencesSchema.parse(response.json())).toEqual({
      push: false,
      email: 'off',
      radiusKm: null,
      centre: null,
      chosen: false,
      pushDevices: 0,
      digestHour: 18,
    });
  });

  it('choices need a signed-in volunteer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/preferences' })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/alerts/preferences',
      payload: { push: false, email: 'daily', radiusKm: null, centre: null },
    });
    expect(put.statusCode).toBe(401);
    const admin = await adminCookies(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts/preferences', cookies: admin })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/alerts/push-subscriptions', payload: subscription(0) }))
        .statusCode,
    ).toBe(401);
  });

  it('saves e-mail, push and distance choices and reads them back', async () => {
    const v = await alertVolunteer(t.database, clock, 'chooser@example.org');
    const saved = await choose(t.app, v, {
      email: 'daily',
      radiusKm: 2.5,
      centre: { latitude: 55.95, longitude: -3.19 },
    });
    expect(saved).toEqual({
      push: false,
      email: 'daily',
      radiusKm: 2.5,
      centre: { latitude: 55.95, longitude: -3.19 },
      chosen: true,
      pushDevices: 0,
      digestHour: 18,
    });
    const read = await t.app.inject({ method: 'GET', url: '/api/alerts/preferences', cookies: v.cookies });
    expect(read.json()).toEqual(saved);

    const back = await choose(t.app, v, { email: 'instant' });
    expect(back).toMatchObject({ email: 'instant', radiusKm: null, centre: null, chosen: true });
  });

  it('refuses a distance without a centre, an unknown e-mail choice and an impossible distance', async () => {
    const v = await alertVolunteer(t.database, clock, 'careless@example.org');
    for (const payload of [
      { push: false, email: 'off', radiusKm: 3, centre: null },
      { push: false, email: 'weekly', radiusKm: null, centre: null },
      { push: false, email: 'off', radiusKm: 500, centre: { latitude: 55.95, longitude: -3.19 } },
      { push: false, email: 'off', radiusKm: 1, centre: { latitude: 95, longitude: -3.19 } },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/alerts/preferences',
        cookies: v.cookies,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('publishes the VAPID public key to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/alerts/vapid-public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('stores a device, switching push on; forgetting the last device switches it off', async () => {
    const v = await alertVolunteer(t.database, clock, 'devices@example.org');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/push-subscriptions',
      cookies: v.cookies,
      payload: subscription(1),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ push: true, email: 'off', chosen: true, pushDevices: 1 });
    // The same device again is still one device.
    await t.app.inject({
      method: 'POST',
      url: '/api/alerts/push-subscriptions',
      cookies: v.cookies,
      payload: subscription(1),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/alerts/push-subscriptions',
      cookies: v.cookies,
      payload: subscription(2),
    });
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('volunteer_id', '=', v.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { endpoint: subscription(1).endpoint, ...subscription(1).keys },
      { endpoint: subscription(2).endpoint, ...subscription(2).keys },
    ]);

    const one = await t.app.inject({
      method: 'DELETE',
      url: '/api/alerts/push-subscriptions',
      cookies: v.cookies,
      payload: { endpoint: subscription(1).endpoint },
    });
    expect(one.json()).toMatchObject({ push: true, pushDevices: 1 });
    const none = await t.app.inject({
      method: 'DELETE',
      url: '/api/alerts/push-subscriptions',
      cookies: v.cookies,
      payload: { endpoint: subscription(2).endpoint },
    });
    expect(none.json()).toMatchObject({ push: false, pushDevices: 0 });
  });

  it('a device of a browser push service is kept: Google, Mozilla, Apple and Microsoft', async () => {
    const v = await alertVolunteer(t.database, clock, 'four.browsers@example.org');
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/chrome-device',
      'https://updates.push.services.mozilla.com/wpush/v2/firefox-device',
      'https://web.push.apple.com/safari-device',
      'https://wns2-par02p.notify.windows.com/w/?token=edge-device',
    ];
    for (const endpoint of endpoints) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/push-subscriptions',
        cookies: v.cookies,
        payload: subscription(0, endpoint),
      });
      expect(response.statusCode, `${endpoint}: ${response.body}`).toBe(201);
    }
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('volunteer_id', '=', v.id)
        .orderBy('id')
        .execute(),
    ).toEqual(endpoints.map((endpoint) => ({ endpoint })));
    // Gone again, so the administrators' summary below counts only its own devices.
    await t.database.db.deleteFrom('push_subscriptions').where('volunteer_id', '=', v.id).execute();
  });

  it("a push endpoint on this network, or outside the browsers' push services, is refused with 400 and kept nowhere", async () => {
    const v = await alertVolunteer(t.database, clock, 'inside.network@example.org');
    const refused: Array<[string, RegExp]> = [
      ['https://127.0.0.1/push/1', /public internet address/],
      ['https://127.1/push/1', /public internet address/],
      ['https://10.1.2.3/push/1', /public internet address/],
      ['https://192.168.1.20/push/1', /public internet address/],
      ['https://172.20.0.5/push/1', /public internet address/],
      ['https://169.254.169.254/latest/meta-data', /public internet address/],
      ['https://100.64.0.1/push/1', /public internet address/],
      ['https://0.0.0.0/push/1', /public internet address/],
      ['https://224.0.0.1/push/1', /public internet address/],
      ['https://[::1]/push/1', /public internet address/],
      ['https://[::ffff:127.0.0.1]/push/1', /public internet address/],
      ['https://[fd00::1]/push/1', /public internet address/],
      ['https://[fe80::1]/push/1', /public internet address/],
      ['https://localhost/push/1', /browser's push service/],
      ['https://push.example.net/send/1', /browser's push service/],
      ['https://fcm.googleapis.com.example.net/fcm/send/1', /browser's push service/],
      ['https://notify.windows.com/w/1', /browser's push service/],
      ['https://8.8.8.8/push/1', /browser's push service/],
      ['https://fcm.googleapis.com:8443/fcm/send/1', /standard HTTPS port/],
    ];
    for (const [endpoint, message] of refused) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/push-subscriptions',
        cookies: v.cookies,
        payload: subscription(0, endpoint),
      });
      expect(response.statusCode, `${endpoint}: ${response.body}`).toBe(400);
      expect(response.json().message, endpoint).toMatch(message);
    }
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('volunteer_id', '=', v.id)
        .execute(),
    ).toEqual([]);
  });

  it('a device signed in as another volunteer moves to them; nobody deletes another volunteer’s device', async () => {
    const first = await alertVolunteer(t.database, clock, 'first.owner@example.org');
    const second = await alertVolunteer(t.database, clock, 'second.owner@example.org');
    await t.app.inject({
      method: 'POST',
      url: '/api/alerts/push-subscriptions',
      cookies: first.cookies,
      payload: subscription(3),
    });
    await t.app.inject({
      method: 'DELETE',
      url: '/api/alerts/push-subscriptions',
      cookies: second.cookies,
      payload: { endpoint: subscription(3).endpoint },
    });
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('volunteer_id')
        .where('endpoint', '=', subscription(3).endpoint)
        .execute(),
    ).toEqual([{ volunteer_id: first.id }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/alerts/push-subscriptions',
      cookies: second.cookies,
      payload: subscription(3),
    });
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('volunteer_id')
        .where('endpoint', '=', subscription(3).endpoint)
        .execute(),
    ).toEqual([{ volunteer_id: second.id }]);
  });

  it('refuses a subscription that is not an https endpoint with P-256 keys', async () => {
    const v = await alertVolunteer(t.database, clock, 'refused.device@example.org');
    for (const payload of [
      { ...subscription(4), endpoint: 'http://push.example.net/send/x' },
      { ...subscription(4), keys: { p256dh: 'short', auth: subscription(4).keys.auth } },
      { endpoint: subscription(4).endpoint },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/push-subscriptions',
        cookies: v.cookies,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('the unsubscribe link works signed out: the page asks, one click stops alert e-mails', async () => {
    const v = await alertVolunteer(t.database, clock, 'leaving@example.org');
    await choose(t.app, v, { email: 'instant', push: true });
    const { unsubscribe_token: token } = await t.database.db
      .selectFrom('alert_preferences')
      .select('unsubscribe_token')
      .where('volunteer_id', '=', v.id)
      .executeTakeFirstOrThrow();
    const url = `/api/alerts/unsubscribe?token=${token}`;

    // Opening the link (as a mail scanner does) changes nothing.
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/alerts/preferences', cookies: v.cookies })).json(),
    ).toMatchObject({ email: 'instant' });

    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/alerts/preferences', cookies: v.cookies })).json(),
    ).toMatchObject({ email: 'off', push: true });
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('You are unsubscribed');
  });

  it('a mail client’s RFC 8058 one-click POST unsubscribes too', async () => {
    const v = await alertVolunteer(t.database, clock, 'one.click@example.org');
    await choose(t.app, v, { email: 'daily' });
    const { unsubscribe_token: token } = await t.database.db
      .selectFrom('alert_preferences')
      .select('unsubscribe_token')
      .where('volunteer_id', '=', v.id)
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('alert_preferences')
      .select('email')
      .where('volunteer_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('off');
  });

  it('an unknown unsubscribe token changes nothing', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: `/api/alerts/unsubscribe?token=${'A'.repeat(43)}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This link does not work');
    }
  });

  it('each report writes its alert job with it, and the submission never waits for delivery', async () => {
    const before = await t.database.db.selectFrom('outbox').select('id').where('kind', '=', JOB.reportAlert).execute();
    const { id } = await submitReport(t.app, { what3words: 'bean.roof.cherry' });
    const jobs = await t.database.db.selectFrom('outbox').selectAll().where('kind', '=', JOB.reportAlert).execute();
    expect(jobs).toHaveLength(before.length + 1);
    const job = jobs.find((row) => JSON.parse(row.payload).reportId === id)!;
    expect(job.delivered_at).toBeNull();
    expect(job.attempts).toBe(0);
  });

  it('administrators see how many volunteers have each alert on and the outbox backlog', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/alerts-summary' })).statusCode).toBe(401);
    const v = await alertVolunteer(t.database, clock, 'summary.volunteer@example.org');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/alerts-summary', cookies: v.cookies })).statusCode,
    ).toBe(403);

    const admin = await adminCookies(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/alerts-summary', cookies: admin });
    expect(response.statusCode).toBe(200);
    const summary = alertsSummarySchema.parse(response.json());
    const prefs = await t.database.db.selectFrom('alert_preferences').selectAll().execute();
    expect(summary.emailInstant).toBe(prefs.filter((p) => p.email === 'instant').length);
    expect(summary.emailDaily).toBe(prefs.filter((p) => p.email === 'daily').length);
    expect(summary.push).toBe(1); // 'devices@...' forgot theirs; the second owner holds device 3
    expect(summary.pushDevices).toBe(1);
    expect(summary.outbox.pending).toBeGreaterThanOrEqual(1);
    expect(summary.outbox.oldestPendingAt).not.toBeNull();
    expect(summary.outbox.failed).toBe(0);
  });
});

describe('alert settings', () => {
  it('ALERT_DIGEST_HOUR is an hour from 0 to 23, 18 unless set', () => {
    expect(loadConfig({}).alertDigestHour).toBe(18);
    expect(loadConfig({ ALERT_DIGEST_HOUR: '7' }).alertDigestHour).toBe(7);
    expect(() => loadConfig({ ALERT_DIGEST_HOUR: '24' })).toThrow(
      'Configuration error: ALERT_DIGEST_HOUR must be an hour from 0 to 23',
    );
    expect(() => loadConfig({ ALERT_DIGEST_HOUR: 'six' })).toThrow('ALERT_DIGEST_HOUR must be an hour from 0 to 23');
    expect(() => loadConfig({ VAPID_SUBJECT: 'someone@example.org' })).toThrow(
      'VAPID_SUBJECT must be a mailto: address or an https:// URL',
    );
  });

  it('VAPID keys come from the environment, or are generated once into DATA_DIR and kept', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-vapid-'));
    try {
      const first = ensureVapidKeys(dataDir, {}, 'Clean Up Edinburgh <no-reply@cleanupedinburgh.org>');
      expect(first.generated).toBe(true);
      expect(first.subject).toBe('mailto:no-reply@cleanupedinburgh.org');
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      const again = ensureVapidKeys(dataDir, {}, 'x@example.org');
      expect(again).toMatchObject({ publicKey: first.publicKey, privateKey: first.privateKey, generated: false });
      const configured = ensureVapidKeys(
        dataDir,
        { publicKey: 'PUB', privateKey: 'PRIV', subject: 'https://example.org' },
        'x@example.org',
      );
      expect(configured).toEqual({
        publicKey: 'PUB',
        privateKey: 'PRIV',
        subject: 'https://example.org',
        generated: false,
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the VAPID subject defaults to the sender address of MAIL_FROM', () => {
    expect(defaultVapidSubject('Clean Up Edinburgh <no-reply@cleanupedinburgh.org>')).toBe(
      'mailto:no-reply@cleanupedinburgh.org',
    );
    expect(defaultVapidSubject('alerts@example.org')).toBe('mailto:alerts@example.org');
  });

  it('retries wait 15 s, then twice as long each time, at most an hour', () => {
    const exact = () => 0.5;
    expect([1, 2, 3, 4, 10, 20].map((n) => retryDelayMs(n, 15_000, 3_600_000, exact))).toEqual([
      15_000, 30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
  });

  it('Edinburgh time follows GMT in winter and BST in summer', () => {
    expect(cityDayAndHour(new Date('2026-11-21T18:00:00Z'))).toEqual({ day: '2026-11-21', hour: 18 });
    expect(cityDayAndHour(new Date('2027-06-14T17:00:00Z'))).toEqual({ day: '2027-06-14', hour: 18 });
    expect(cityDayAndHour(new Date('2027-06-14T23:30:00Z'))).toEqual({ day: '2027-06-15', hour: 0 });
  });
});
