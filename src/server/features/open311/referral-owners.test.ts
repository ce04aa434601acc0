// Reports with their owners, on both databases, against a council's Open311 server started here that
// speaks XML: a council that offers FixMyStreet's servicerequestupdates is read through it and its
// closing cleans our report exactly once; a referral the council refuses, or that cannot be sent in
// time, is given up and shown as such, then sent again or withdrawn (the report is offered to
// volunteers again); the management list marks the partner app that made a report and the owner a
// report is with, whose clock it is on; reports on an owner's clock are not told to our
// administrators as late; and the public figures count the owners' clean-ups apart from the volunteers'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { submitReport } from '#tests/alerts.ts';
import { startFakeCouncil, type FakeCouncil } from '#tests/fake-council.ts';
import { adminCookies, volunteerSession } from '#tests/sessions.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import type { MailMessage } from '#server/mail/mailer.ts';
import type { Referral } from '#shared/contracts/open311-partners.ts';
import type { ReportPage } from '#shared/contracts/reports.ts';
import type { Performance } from '#shared/contracts/analytics.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds)('reports with their owners on %s', (kind) => {
  let t: TestApp;
  let council: FakeCouncil;
  let updatesCouncil: FakeCouncil;
  let clock: MovableClock;
  const mail: MailMessage[] = [];

  beforeAll(async () => {
    clock = movableClock(new Date());
    council = await startFakeCouncil({ now: () => clock.now() });
    updatesCouncil = await startFakeCouncil({ now: () => clock.now() });
    const codes = { graffiti: 'GRAF', 'graffiti-offensive': 'GRAF-OFF' };
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
            open311: { url: council.url, apiKey: council.apiKey, serviceCodes: codes },
          },
          {
            id: 'fms-council',
            name: 'Midlothian Council',
            open311: {
              url: updatesCouncil.url,
              apiKey: updatesCouncil.apiKey,
              serviceCodes: codes,
              serviceRequestUpdates: true,
            },
          },
        ],
      },
      referrals: { council: { timeoutMs: 5000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await council.stop();
    await updatesCouncil.stop();
  });

  // Time moves by hours here, past any administrator's session: each call signs in afresh.
  const asAdmin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, cookies: await adminCookies(t.app), ...(payload ? { payload } : {}) });
  const referralOf = async (reportId: number): Promise<Referral> =>
    ((await asAdmin('GET', '/api/admin/referrals')).json() as Referral[]).find((r) => r.reportId === reportId)!;
  const refer = (reportId: number, bodyId: string) =>
    asAdmin('POST', `/api/admin/reports/${reportId}/referral`, { bodyId });
  const cardOf = async (reportId: number) =>
    ((await asAdmin('GET', `/api/reports?status=all&q=%23${reportId}`)).json() as ReportPage).reports[0]!;
  const statusOf = async (id: number) =>
    (await t.database.db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('reads a FixMyStreet council through servicerequestupdates, and cleans the report when it is closed, once', async () => {
    const { id } = await submitReport(t.app, { what3words: 'rally.census.refuse' });
    await t.database.db
      .insertInto('report_followers')
      .values({
        report_id: id,
        email: 'reporter@example.org',
        confirm_token: 'd'.repeat(43),
        unsubscribe_token: 'v'.repeat(43),
        confirmed_at: clock.now().toISOString(),
        created_at: clock.now().toISOString(),
        notified_at: null,
        status_token: null,
      })
      .execute();
    await t.app.outbox.drain();
    mail.length = 0;
    expect((await refer(id, 'fms-council')).statusCode).toBe(201);
    await t.app.outbox.drain();
    const sent = await referralOf(id);
    expect(sent).toMatchObject({ state: 'sent', remoteId: 'EDC-1001' });

    // An update that is not a closing is kept in words; the council is asked for its updates only.
    clock.advance(10 * 60_000);
    updatesCouncil.close('EDC-1001', 'Inspected: contractor booked', 'in_progress');
    clock.advance(60_000);
    await t.app.referrals.checkSent();
    expect(await referralOf(id)).toMatchObject({
      state: 'sent',
      lastAnswer: 'in progress: Inspected: contractor booked',
    });
    expect(updatesCouncil.statusAsks).toBe(0);
    const ask = updatesCouncil.updateAsks.at(-1)!;
    expect(ask.api_key).toBe(updatesCouncil.apiKey);
    expect(Date.parse(ask.start_date!)).toBeLessThan(Date.parse(ask.end_date!));
    expect(ask.end_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // The council closes it ('FIXED', as FixMyStreet's councils say): cleaned once, told once.
    clock.advance(10 * 60_000);
    updatesCouncil.close('EDC-1001', 'Removed by the graffiti team', 'fixed');
    clock.advance(60_000);
    await t.app.referrals.checkSent();
    // The same update read again (the windows overlap) and a later run change nothing.
    clock.advance(60_000);
    await t.app.referrals.checkSent();
    expect(await referralOf(id)).toMatchObject({ state: 'closed', lastAnswer: 'fixed: Removed by the graffiti team' });
    expect(await statusOf(id)).toBe('completed');
    await t.app.outbox.drain();
    clock.advance(2 * HOUR);
    await t.app.outbox.drain();
    expect(mail.filter((message) => message.to === 'reporter@example.org')).toHaveLength(1);
    const completedAt = await t.database.db
      .selectFrom('reports')
      .select('completed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.app.referrals.checkSent();
    const again = await t.database.db
      .selectFrom('reports')
      .select('completed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(again.completed_at).toEqual(completedAt.completed_at);
  });

  it('gives up a referral the council refuses, shows it, sends it again, and withdraws it to volunteers', async () => {
    const { id } = await submitReport(t.app, { what3words: 'multiply.recipe.sadness' });
    council.mode = 'refuse';
    expect((await refer(id, 'council')).statusCode).toBe(201);
    await t.app.outbox.drain();
    const failed = await referralOf(id);
    expect(failed).toMatchObject({ state: 'failed', lastAnswer: expect.stringContaining('is not a service here') });
    expect(council.posts).toHaveLength(1);
    // Refused once is not tried again by itself.
    clock.advance(2 * HOUR);
    await t.app.outbox.drain();
    expect(council.posts).toHaveLength(1);
    // Given up, it is back on our own clock, still withheld from volunteers until an administrator acts.
    expect(await cardOf(id)).toMatchObject({
      referral: { bodyName: 'City of Edinburgh Council', state: 'failed', dueAt: null },
      dueAt: expect.any(String),
    });

    // Sent again, it is taken.
    council.mode = 'accept';
    const resent = await asAdmin('POST', `/api/admin/referrals/${failed.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ state: 'waiting' });
    await t.app.outbox.drain();
    expect(await referralOf(id)).toMatchObject({ state: 'sent' });
    expect(council.posts).toHaveLength(2);
    // Only a referral given up is sent again.
    expect((await asAdmin('POST', `/api/admin/referrals/${failed.id}/resend`)).statusCode).toBe(409);
    expect((await asAdmin('POST', '/api/admin/referrals/999999/resend')).statusCode).toBe(404);

    // On the owner's clock, the card says whose.
    const card = await cardOf(id);
    expect(card.dueAt).toBeNull();
    expect(card.referral).toMatchObject({ bodyName: 'City of Edinburgh Council', state: 'sent' });
    expect(Date.parse(card.referral!.dueAt!)).toBeGreaterThan(0);

    // Withdrawn: volunteers may claim it again, and it may be referred again later.
    const { cookies: volunteer } = await volunteerSession(t.database, 'helper@example.org');
    const claim = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/reports/${id}/status`,
        cookies: volunteer,
        payload: { status: 'cleaning' },
      });
    const withdrawn = await asAdmin('POST', `/api/admin/referrals/${failed.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn' });
    expect(await cardOf(id)).toMatchObject({ referral: null, dueAt: expect.any(String) });
    expect((await claim()).statusCode).toBe(200);
    const log = (await asAdmin('GET', '/api/admin/audit-log')).json();
    expect(log.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['report.referral.resend', 'report.referral.withdraw']),
    );
    await t.database.db.updateTable('reports').set({ status: 'reported' }).where('id', '=', id).execute();
    expect((await refer(id, 'council')).statusCode).toBe(201);
    expect(await referralOf(id)).toMatchObject({ state: 'waiting', remoteId: null });
  });

  it('gives up a referral that could not be sent within its hours, with the last answer', async () => {
    const { id } = await submitReport(t.app, { what3words: 'bleak.exhaust.jewel' });
    council.mode = 'down';
    expect((await refer(id, 'council')).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(await referralOf(id)).toMatchObject({ state: 'waiting' });
    for (let hours = 0; hours < 24; hours += 2) {
      clock.advance(2 * HOUR);
      await t.app.outbox.drain();
    }
    expect(await referralOf(id)).toMatchObject({
      state: 'failed',
      lastAnswer: expect.stringMatching(/could not be reached\. Given up after trying for 22 hours/),
    });
    council.mode = 'accept';
  });

  it('marks the partner app that made a report on its card', async () => {
    const { id } = await submitReport(t.app, { what3words: 'bleak.exhaust.jewel' });
    const key = await t.database.db
      .insertInto('open311_api_keys')
      .values({
        name: 'FixMyStreet',
        key_hash: 'h'.repeat(64),
        key_hint: 'abcd',
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('open311_partner_requests')
      .values({ report_id: id, api_key_id: key.id, partner_name: 'FixMyStreet', created_at: clock.now().toISOString() })
      .execute();
    expect(await cardOf(id)).toMatchObject({ partner: 'FixMyStreet', referral: null });
  });

  it('does not tell our administrators of a late report on its owner’s clock, and tells once it is ours again', async () => {
    await t.database.db.updateTable('reports').set({ overdue_alerted_at: clock.now().toISOString() }).execute();
    const { id: withOwner } = await submitReport(t.app, { what3words: 'multiply.recipe.sadness' });
    const { id: ours } = await submitReport(t.app, { what3words: 'multiply.recipe.sadness' });
    expect((await refer(withOwner, 'council')).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(await referralOf(withOwner)).toMatchObject({ state: 'sent' });
    clock.advance(10 * DAY);
    // Told (the mark set with the message queued), or not: the administrators here are ADMIN_EMAILS.
    const toldOf = async (id: number) =>
      (
        await t.database.db
          .selectFrom('reports')
          .select('overdue_alerted_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).overdue_alerted_at !== null;
    await t.app.jobs.run('service-level-escalation');
    expect(await toldOf(ours)).toBe(true);
    expect(await toldOf(withOwner)).toBe(false);
    // Withdrawn from the owner, the report is late on our clock: told.
    const referral = await referralOf(withOwner);
    expect((await asAdmin('POST', `/api/admin/referrals/${referral.id}/withdraw`)).statusCode).toBe(200);
    await t.app.jobs.run('service-level-escalation');
    expect(await toldOf(withOwner)).toBe(true);
  });

  it('counts the reports cleaned by their owners, and those with them, apart from the volunteers’', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/performance' })).json() as Performance;
    const { id: byOwner } = await submitReport(t.app, { what3words: 'rally.census.refuse' });
    const { id: withOwner } = await submitReport(t.app, { what3words: 'rally.census.refuse' });
    const { id: byUs } = await submitReport(t.app, { what3words: 'rally.census.refuse' });
    for (const id of [byOwner, withOwner]) expect((await refer(id, 'council')).statusCode).toBe(201);
    await t.app.outbox.drain();
    council.close((await referralOf(byOwner)).remoteId!, 'Removed');
    await t.app.referrals.checkSent();
    await t.database.db
      .updateTable('reports')
      .set({ status: 'completed', completed_at: clock.now().toISOString(), updated_at: clock.now().toISOString() })
      .where('id', '=', byUs)
      .execute();
    clock.advance(HOUR + 60_000); // the figures are kept for the hour
    const after = (await t.app.inject({ method: 'GET', url: '/api/performance' })).json() as Performance;
    expect(after.last30Days.cleanedByOwners - before.last30Days.cleanedByOwners).toBe(1);
    expect(after.last30Days.cleaned - before.last30Days.cleaned).toBe(1);
    expect(after.openWithOwners - before.openWithOwners).toBe(1);
    const csv = await t.app.inject({ method: 'GET', url: '/api/performance/export' });
    expect(csv.body.split(/\r?\n/)[0]).toContain('Cleaned by owners (referred)');
  });
});
