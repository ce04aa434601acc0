// Overdue reports, and offensive ones nobody claimed within 2 hours, are told to the administrators
// by e-mail and push, once each; many at once wait for one summary at the daily summary hour.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { alertVolunteer } from '#tests/alerts.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import { reportSchema } from '#shared/contracts/reports.ts';

describe.each(testDatabaseKinds)('escalation to administrators on %s', (kind) => {
  let t: TestApp;
  let now = new Date('2026-06-08T08:00:00Z');
  const mail: MailMessage[] = [];
  const pushed: { endpoint: string; payload: string }[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      clock: { now: () => now },
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        trustProxy: undefined,
        adminEmails: ['boss@example.org'],
      },
      mailer: { send: async (message) => void mail.push(message) },
      pushSender: {
        publicKey: 'test',
        send: async (target, payload) => {
          pushed.push({ endpoint: target.endpoint, payload });
          return 'sent';
        },
      },
      alerts: { digestHour: 18 },
    });
    // The administrator signs in as a volunteer too, and has a phone that takes push alerts.
    const volunteer = await alertVolunteer(t.database, { now: () => now }, 'boss@example.org');
    await t.database.db
      .insertInto('push_subscriptions')
      .values({
        volunteer_id: volunteer.id,
        endpoint: 'https://fcm.googleapis.com/fcm/send/boss',
        p256dh: 'key',
        auth: 'auth',
        created_at: now.toISOString(),
      })
      .execute();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('reports').execute();
    await t.database.db.deleteFrom('outbox').execute();
    mail.length = 0;
    pushed.length = 0;
  });

  let n = 0;
  async function reportAt(at: string, offensive = false): Promise<number> {
    now = new Date(at);
    n += 1;
    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel', offensive: String(offensive) },
      { photo: { data: await plainJpeg(), name: 'graffiti.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload,
      headers,
      remoteAddress: `203.0.113.${n % 250}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    return reportSchema.parse(response.json()).id;
  }
  /** The escalation job runs at `at`, then the outbox sends what it queued. */
  async function runAt(at: string) {
    now = new Date(at);
    await t.app.jobs.run('service-level-escalation');
    await t.app.outbox.drain();
  }
  const escalationMail = () => mail.filter((m) => m.to === 'boss@example.org');

  it('tells of an offensive report unclaimed after 2 hours, and of it overdue after 24, once each', async () => {
    const id = await reportAt('2026-06-08T09:00:00Z', true);
    await runAt('2026-06-08T10:59:00Z');
    expect(escalationMail()).toHaveLength(0);
    await runAt('2026-06-08T11:00:00Z');
    expect(escalationMail().map((m) => m.subject)).toEqual([`Offensive report #${id} has not been claimed`]);
    expect(pushed).toHaveLength(1);
    expect(JSON.parse(pushed[0]!.payload)).toMatchObject({ title: `Offensive report #${id} has not been claimed` });
    // Later runs tell nothing more until it falls due.
    await runAt('2026-06-08T12:00:00Z');
    await runAt('2026-06-09T08:59:00Z');
    expect(escalationMail()).toHaveLength(1);
    await runAt('2026-06-09T09:00:00Z');
    await runAt('2026-06-09T09:05:00Z');
    await runAt('2026-06-10T09:00:00Z');
    expect(escalationMail().map((m) => m.subject)).toEqual([
      `Offensive report #${id} has not been claimed`,
      `Report #${id} is overdue`,
    ]);
    expect(pushed).toHaveLength(2);
  });

  it('tells nothing of a report cleaned in time', async () => {
    const id = await reportAt('2026-06-08T09:00:00Z'); // due 2026-06-15T23:00Z
    await t.database.db
      .updateTable('reports')
      .set({ status: 'completed', completed_at: '2026-06-12T09:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    await runAt('2026-06-16T09:00:00Z');
    expect(escalationMail()).toHaveLength(0);
  });

  it('holds many reports falling due together for one summary at the summary hour', async () => {
    for (let i = 0; i < 7; i++) await reportAt(`2026-06-08T09:0${i}:00Z`); // all due 2026-06-15T23:00Z
    await runAt('2026-06-16T08:00:00Z'); // 09:00 in London: before the summary hour
    expect(escalationMail()).toHaveLength(0);
    await runAt('2026-06-16T17:00:00Z'); // 18:00 in London
    expect(escalationMail().map((m) => m.subject)).toEqual(['7 reports need attention today']);
    expect(escalationMail()[0]!.text.match(/overdue since/g)).toHaveLength(7);
    await runAt('2026-06-17T17:00:00Z');
    expect(escalationMail()).toHaveLength(1);
    expect(pushed).toHaveLength(1);
  });
});
