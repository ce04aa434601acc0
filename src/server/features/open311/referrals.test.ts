// Referring a report to its owner, on both databases, against a council's Open311 server started here
// that speaks XML: the referral goes through the outbox (retried while the council answers 500, is
// slow or is down, and sent once it accepts, never twice); the council's request id is kept; the
// status is pulled back, and when the council closes the request our report is cleaned, says who
// cleaned it, and the reporter's follow-up e-mail goes out exactly once. Meanwhile volunteers are not
// offered the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { submitReport } from '#tests/alerts.ts';
import { startFakeCouncil, type FakeCouncil } from '#tests/fake-council.ts';
import { adminCookies, volunteerSession, type Cookies } from '#tests/sessions.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

const parser = new XMLParser({ parseTagValue: false });
const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('referring a report to its owner on %s', (kind) => {
  let t: TestApp;
  let council: FakeCouncil;
  let clock: MovableClock;
  let admin: Cookies;
  const mail: MailMessage[] = [];

  beforeAll(async () => {
    council = await startFakeCouncil();
    clock = movableClock(new Date());
    t = await buildTestApp(kind, {
      clock,
      mailer: { send: async (message) => void mail.push(message) },
      config: {
        publicUrl: 'http://localhost:3000',
        logLevel: 'silent',
        trustProxy: undefined,
        referralBodies: [
          {
            id: 'council',
            name: 'City of Edinburgh Council',
            open311: {
              url: council.url,
              apiKey: council.apiKey,
              serviceCodes: { graffiti: 'GRAF', 'graffiti-offensive': 'GRAF-OFF' },
            },
          },
          { id: 'network-rail', name: 'Network Rail', email: 'graffiti@networkrail.example' },
        ],
      },
      referrals: { council: { timeoutMs: 300 } },
    });
    admin = await adminCookies(t.app);
  });
  afterAll(async () => {
    await t.close();
    await council.stop();
  });

  const referralOf = async (reportId: number) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/referrals', cookies: admin }))
      .json()
      .find((referral: { reportId: number }) => referral.reportId === reportId);
  /** The outbox run again once its back-off has passed. */
  const laterRun = async () => {
    clock.advance(2 * HOUR);
    await t.app.outbox.drain();
    // The administrator's session does not outlast the hours passed.
    admin = await adminCookies(t.app);
  };

  it('lists the responsible bodies the operator configured', async () => {
    const bodies = await t.app.inject({ method: 'GET', url: '/api/admin/referrals/bodies', cookies: admin });
    expect(bodies.json()).toEqual([
      { id: 'council', name: 'City of Edinburgh Council', via: 'open311' },
      { id: 'network-rail', name: 'Network Rail', via: 'email' },
    ]);
  });

  it('sends the referral through the outbox until the council takes it, once, and brings back its closing', async () => {
    const { id } = await submitReport(t.app, {
      what3words: 'rally.census.refuse',
      description: 'Call me on 07700 900123',
    });
    await t.database.db
      .insertInto('report_followers')
      .values({
        report_id: id,
        email: 'reporter@example.org',
        confirm_token: 'c'.repeat(43),
        unsubscribe_token: 'u'.repeat(43),
        confirmed_at: clock.now().toISOString(),
        created_at: clock.now().toISOString(),
        notified_at: null,
        status_token: null,
      })
      .execute();
    await t.app.outbox.drain();
    mail.length = 0;

    council.mode = '500';
    const referred = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/referral`,
      cookies: admin,
      payload: { bodyId: 'council' },
    });
    expect(referred.statusCode).toBe(201);
    expect(referred.json()).toMatchObject({ reportId: id, bodyName: 'City of Edinburgh Council', state: 'waiting' });

    // A volunteer is not offered it, and may not claim it.
    const { cookies: volunteer } = await volunteerSession(t.database, 'helper@example.org');
    const claim = await t.app.inject({
      method: 'PATCH',
      url: `/api/reports/${id}/status`,
      cookies: volunteer,
      payload: { status: 'cleaning' },
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toContain('referred to the owner');

    await t.app.outbox.drain();
    expect(council.posts).toHaveLength(1);
    expect(await referralOf(id)).toMatchObject({
      state: 'waiting',
      lastAnswer: expect.stringContaining('CRM is down'),
    });

    council.mode = 'slow';
    await laterRun();
    expect((await referralOf(id)).lastAnswer).toContain('did not answer within');

    council.mode = 'down';
    await laterRun();
    expect((await referralOf(id)).lastAnswer).toContain('could not be reached');

    council.mode = 'accept';
    await laterRun();
    const sent = await referralOf(id);
    expect(sent).toMatchObject({ state: 'sent', remoteId: `EDC-${1000 + council.posts.length}` });
    const post = council.posts.at(-1)!;
    expect(post).toMatchObject({
      api_key: council.apiKey,
      service_code: 'GRAF',
      address_string: '///rally.census.refuse',
    });
    // Nothing the reporter typed goes to the council.
    expect(JSON.stringify(post)).not.toContain('07700');
    const posts = council.posts.length;
    await laterRun();
    expect(council.posts).toHaveLength(posts);

    // The council still has it open.
    await t.app.referrals.checkSent();
    expect(await referralOf(id)).toMatchObject({ state: 'sent', lastAnswer: 'open: Passed to the graffiti team' });
    const stillOpen = await t.database.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stillOpen.status).toBe('reported');

    // The council closes it: our report is cleaned, says by whom, and the reporter is told once.
    council.close(sent.remoteId, 'Removed by the graffiti team');
    await t.app.referrals.checkSent();
    await t.app.referrals.checkSent();
    expect(await referralOf(id)).toMatchObject({ state: 'closed', lastAnswer: 'closed: Removed by the graffiti team' });
    await t.app.outbox.drain();
    await laterRun();
    const told = mail.filter((message) => message.to === 'reporter@example.org');
    expect(told).toHaveLength(1);
    const read = await t.app.inject({ method: 'GET', url: `/open311/v2/requests/${id}.xml` });
    expect(parser.parse(read.body).service_requests.request).toMatchObject({
      status: 'closed',
      status_notes: 'Cleaned by City of Edinburgh Council',
    });
  });

  it('e-mails a body reached by e-mail, and refuses a second referral, an unknown body or a cleaned report', async () => {
    const { id } = await submitReport(t.app, { what3words: 'multiply.recipe.sadness' });
    const refer = (reportId: number, bodyId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${reportId}/referral`,
        cookies: admin,
        payload: { bodyId },
      });
    expect((await refer(id, 'network-rail')).statusCode).toBe(201);
    expect((await refer(id, 'council')).statusCode).toBe(409);
    expect((await refer(id, 'nobody')).statusCode).toBe(400);
    expect((await refer(999999, 'council')).statusCode).toBe(404);
    mail.length = 0;
    await t.app.outbox.drain();
    expect(mail.map((message) => message.to)).toEqual(['graffiti@networkrail.example']);
    expect(mail[0]!.text).toContain('multiply.recipe.sadness');
    expect(await referralOf(id)).toMatchObject({
      state: 'sent',
      lastAnswer: 'E-mailed to graffiti@networkrail.example.',
    });

    const log = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', cookies: admin })).json();
    expect(log.entries.map((entry: { action: string }) => entry.action)).toContain('report.refer');
  });
});
