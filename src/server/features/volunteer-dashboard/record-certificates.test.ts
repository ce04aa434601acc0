// A volunteer's certificate through the API on each database: the figures over a chosen period against
// hand-worked data (London days at both ends, approved time only, another volunteer's work left out),
// the PDF's text, the check page answering those figures and nothing else, and withdrawing it.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { alertVolunteer, type AlertVolunteer } from '#tests/alerts.ts';
import { movableClock, placeReport } from '#tests/volunteers.ts';
import { pdfText } from '#tests/pdf-text.ts';
import { certificateSchema } from '#shared/contracts/record-certificates.ts';

describe.each(testDatabaseKinds)('volunteer certificates on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(new Date('2026-05-10T12:00:00Z'));
  afterEach(async () => {
    await t?.close();
  });

  async function cleanup(who: AlertVolunteer, completedAt: string, minutes: number) {
    const reportId = await placeReport(t.database.db, { latitude: 55.95, longitude: -3.19, status: 'completed' });
    await t.database.db
      .insertInto('cleanups')
      .values({
        report_id: reportId,
        volunteer_id: who.id,
        completed_at: completedAt,
        minutes_worked: minutes,
        before_photo_key: 'b',
        after_photo_key: 'a',
        notes: null,
      })
      .execute();
  }

  async function attended(who: AlertVolunteer, date: string, log?: { minutes: number; approved: boolean }) {
    const db = t.database.db;
    const event = await db
      .insertInto('mucu_events')
      .values({ name: `E ${date}`, location: 'L', date, description: null, maps_link: null, created_at: date })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('mucu_attendances')
      .values({ mucu_id: event.id, volunteer_id: who.id, notes: null, created_at: date })
      .execute();
    if (log)
      await db
        .insertInto('event_logs')
        .values({
          mucu_id: event.id,
          volunteer_id: who.id,
          logged_minutes: log.minutes,
          logged_bags: 2,
          logged_area_m2: null,
          minutes: log.minutes,
          bags: 2,
          area_m2: null,
          status: log.approved ? 'approved' : 'pending',
          created_at: date,
          updated_at: date,
          approved_at: log.approved ? date : null,
        })
        .execute();
  }

  it('states the approved hours, sites cleaned and events attended of the period, worked by hand', async () => {
    t = await buildTestApp(kind, { clock });
    const isla = await alertVolunteer(t.database, clock, 'isla@example.org');
    await t.database.db.updateTable('volunteers').set({ name: 'Isla Fictional' }).where('id', '=', isla.id).execute();
    const other = await alertVolunteer(t.database, clock, 'other@example.org');
    // March 2026 in London: 1 March 00:00 GMT to 1 April 00:00 BST (31 March 23:00 UTC).
    await cleanup(isla, '2026-02-28T23:59:00Z', 500); // 28 February: before
    await cleanup(isla, '2026-03-01T00:00:00Z', 40); // in
    await cleanup(isla, '2026-03-31T22:59:00Z', 25); // 31 March 23:59 BST: in
    await cleanup(isla, '2026-03-31T23:00:00Z', 700); // 1 April 00:00 BST: after
    await cleanup(other, '2026-03-10T10:00:00Z', 900); // someone else's
    await attended(isla, '2026-03-14T10:00:00Z', { minutes: 90, approved: true });
    await attended(isla, '2026-03-21T10:00:00Z', { minutes: 60, approved: false }); // attended; time not approved
    await attended(isla, '2026-03-28T10:00:00Z'); // attended; no time logged
    await attended(isla, '2026-04-02T10:00:00Z', { minutes: 30, approved: true }); // after

    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/certificates',
      cookies: isla.cookies,
      payload: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(issued.statusCode).toBe(201);
    const certificate = certificateSchema.parse(issued.json());
    // 40 + 25 clean-up minutes and 90 approved at events.
    expect(certificate).toMatchObject({ minutes: 155, sitesCleaned: 2, eventsAttended: 3 });
    expect(certificate.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(certificate.verifyUrl.endsWith(`/verify/${certificate.code}`)).toBe(true);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/volunteers/certificates/${certificate.id}/pdf`,
      cookies: isla.cookies,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining([
        'This certifies that Isla Fictional',
        'from 01/03/2026 to 31/03/2026:',
        'Approved hours: 2h 35m',
        'Sites cleaned: 2',
        'MUCU events attended: 3',
        certificate.verifyUrl,
      ]),
    );

    // The check page: exactly the figures, nothing about the volunteer.
    const check = await t.app.inject({ method: 'GET', url: `/api/verify/${certificate.code}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      minutes: 155,
      sitesCleaned: 2,
      eventsAttended: 3,
      issuedAt: '2026-05-10T12:00:00.000Z',
    });
    expect(check.body).not.toMatch(/isla|Fictional|example\.org/i);
    expect(check.body).not.toContain(String(isla.id) + ',');
    expect(check.headers['cache-control']).toBe('no-store');

    // Later work does not change what the certificate states.
    await cleanup(isla, '2026-03-15T10:00:00Z', 10);
    expect((await t.app.inject({ method: 'GET', url: `/api/verify/${certificate.code}` })).json()).toMatchObject({
      minutes: 155,
      sitesCleaned: 2,
    });
  });

  it('only its volunteer downloads or withdraws it; once withdrawn, the check page confirms nothing', async () => {
    t = await buildTestApp(kind, { clock });
    const jamie = await alertVolunteer(t.database, clock, 'jamie@example.org');
    const kenny = await alertVolunteer(t.database, clock, 'kenny@example.org');
    const issue = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/volunteers/certificates', cookies: jamie.cookies, payload });
    expect((await issue({ from: '2026-05-01', to: '2026-05-11' })).statusCode).toBe(400);
    expect((await issue({ from: '2026-05-02', to: '2026-05-01' })).statusCode).toBe(400);
    expect((await issue({ from: 'yesterday', to: '2026-05-01' })).statusCode).toBe(400);
    const certificate = certificateSchema.parse((await issue({ from: '2026-01-01', to: '2026-05-10' })).json());
    expect(certificate).toMatchObject({ minutes: 0, sitesCleaned: 0, eventsAttended: 0 });

    const asKenny = (method: 'GET' | 'DELETE', url: string) => t.app.inject({ method, url, cookies: kenny.cookies });
    expect((await asKenny('GET', `/api/volunteers/certificates/${certificate.id}/pdf`)).statusCode).toBe(404);
    expect((await asKenny('DELETE', `/api/volunteers/certificates/${certificate.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/verify/${certificate.code}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/verify/not-a-code' })).statusCode).toBe(404);

    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/volunteers/certificates/${certificate.id}`,
      cookies: jamie.cookies,
    });
    expect(withdrawn.json().withdrawnAt).toBe('2026-05-10T12:00:00.000Z');
    const gone = await t.app.inject({ method: 'GET', url: `/api/verify/${certificate.code}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(
      'No certificate has this code, or its volunteer has withdrawn it. Check the link is complete.',
    );
    // The page's own address answers 404 too.
    expect((await t.app.inject({ method: 'GET', url: `/verify/${certificate.code}` })).statusCode).toBe(404);
  });
});
