// 'Tell me when it is cleaned' sends a confirm e-mail to any address a visitor types, from three
// public routes (the report form, the status page, 'Add my photo to it'), so the e-mails are bounded:
// per address as sign-in e-mails are (3 in 15 minutes), addresses waiting per report, and new
// addresses across the service per hour. A refusal stores nothing and says when to try again. The
// e-mails are counted as a real SMTP server receives them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { smtpMailer } from '#server/mail/mailer.ts';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import { realLocations } from '#tests/places.ts';
import { createdReportSchema } from '#shared/contracts/reports.ts';
import type { AppDeps } from '#server/app.ts';

const FROM = 'Clean Up Edinburgh <reports@cleanupedinburgh.org>';
const MINUTE = 60_000;
const places = realLocations(8);
const jpeg = async () => ({ data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' });

describe.each(testDatabaseKinds)("how many 'tell me when it is cleaned' e-mails go out, on %s", (kind) => {
  let smtp: FakeSmtp;
  let clock: MovableClock;
  let t: TestApp;
  let placeIndex = 0;

  async function start(limits: AppDeps['limits'] = {}) {
    clock = movableClock(new Date('2026-11-21T10:00:00Z'));
    t = await buildTestApp(kind, { clock, mailer: smtpMailer(smtp.url, FROM, { ignoreTLS: true }), limits });
  }
  beforeEach(async () => {
    smtp = await startFakeSmtp();
  });
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function submit(fields: Record<string, string> = {}, remoteAddress = '192.0.2.1') {
    const { payload, headers } = await multipartBody(
      { what3words: places[placeIndex++ % places.length]!, ...fields },
      { photo: await jpeg() },
    );
    return t.app.inject({ method: 'POST', url: '/api/reports', payload, headers, remoteAddress });
  }
  async function report() {
    const response = await submit();
    expect(response.statusCode, response.body).toBe(201);
    return createdReportSchema.parse(response.json());
  }
  const follow = (statusToken: string, email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/report-status/${statusToken}/follow`,
      payload: { email },
      remoteAddress,
    });
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const followerRows = () => t.database.db.selectFrom('report_followers').selectAll().execute();

  it('one address gets at most 3 confirm e-mails in 15 minutes, however many clients ask and by whichever route', async () => {
    await start();
    const victim = 'victim@example.org';
    const reports = [await report(), await report(), await report(), await report(), await report()];
    const clients = ['192.0.2.10', '192.0.2.11', '2001:db8:7::1'];
    const answers = [];
    for (const [i, r] of reports.entries()) answers.push(await follow(r.statusToken!, victim, clients[i % 3]!));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3]!.json().message).toBe(
      'We have already sent 3 e-mails to this address in the last 15 minutes. Please try again in 15 minutes.',
    );
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The report form and 'Add my photo to it' are refused the same way, and keep nothing.
    const reportsBefore = (await t.database.db.selectFrom('reports').select('id').execute()).length;
    const photosBefore = t.storedPhotos().length;
    const viaForm = await submit({ notifyEmail: victim }, '192.0.2.12');
    expect(viaForm.statusCode).toBe(429);
    expect(viaForm.json().message).toMatch(/^We have already sent 3 e-mails to this address/);
    const { payload, headers } = await multipartBody({ notifyEmail: victim }, { photo: await jpeg() });
    const viaPhoto = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${reports[4]!.id}/confirmations`,
      payload,
      headers,
      remoteAddress: '192.0.2.13',
    });
    expect(viaPhoto.statusCode).toBe(429);
    expect((await t.database.db.selectFrom('reports').select('id').execute()).length).toBe(reportsBefore);
    expect(t.storedPhotos().length).toBe(photosBefore);
    expect(
      (
        await t.database.db
          .selectFrom('reports')
          .select('reporter_count')
          .where('id', '=', reports[4]!.id)
          .executeTakeFirstOrThrow()
      ).reporter_count,
    ).toBe(1);

    await t.app.outbox.drain();
    expect(mailsTo(victim)).toHaveLength(3);
    expect(await followerRows()).toHaveLength(3);

    // Asking again for a report the address already follows sends nothing and is not refused.
    expect((await follow(reports[0]!.statusToken!, victim, '192.0.2.14')).statusCode).toBe(200);

    // Fifteen minutes on, the address may be asked for again.
    clock.advance(15 * MINUTE);
    expect((await follow(reports[3]!.statusToken!, victim, '192.0.2.10')).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(mailsTo(victim)).toHaveLength(4);
  });

  it('a report takes at most 10 addresses waiting to be confirmed in a day', async () => {
    await start();
    const r = await report();
    for (let i = 0; i < 10; i++) {
      expect((await follow(r.statusToken!, `person.${i}@example.org`, `192.0.2.${20 + i}`)).statusCode).toBe(200);
    }
    const refused = await follow(r.statusToken!, 'person.10@example.org', '192.0.2.40');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'This report already has 10 addresses waiting to be confirmed. Please try again in 24 hours.',
    );
    await t.app.outbox.drain();
    expect(smtp.messages).toHaveLength(10);
    // Another report is not affected.
    expect((await follow((await report()).statusToken!, 'person.10@example.org', '192.0.2.40')).statusCode).toBe(200);
    clock.advance(24 * 60 * MINUTE);
    expect((await follow(r.statusToken!, 'person.10@example.org', '192.0.2.40')).statusCode).toBe(200);
  });

  it('across the service only so many new addresses are written to in an hour', async () => {
    await start({ followUp: { newAddressesPerHour: 4 } });
    const reports = [await report(), await report(), await report()];
    for (let i = 0; i < 4; i++) {
      const r = reports[i % 3]!;
      expect((await follow(r.statusToken!, `someone.${i}@example.org`, `192.0.2.${50 + i}`)).statusCode).toBe(200);
    }
    clock.advance(20 * MINUTE);
    const refused = await follow(reports[0]!.statusToken!, 'someone.4@example.org', '192.0.2.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'We are sending too many confirmation e-mails just now. Please try again in 40 minutes.',
    );
    await t.app.outbox.drain();
    expect(smtp.messages).toHaveLength(4);
    clock.advance(40 * MINUTE);
    expect((await follow(reports[0]!.statusToken!, 'someone.4@example.org', '192.0.2.60')).statusCode).toBe(200);
  });
});
