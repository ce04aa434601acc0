// Public MUCU events through the API on each database: the list and event pages, 'I'll be there' and
// taking it back, places and the waiting list under concurrent answers, the day-before reminder at
// the London hour through both clock changes (once per volunteer), e-mails when an event changes or
// is cancelled (real SMTP, with the one-click unsubscribe), the iCalendar file and feed read back
// by ical.js, and the administrators' who-is-coming list with one-step attendance.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { smtpMailer } from '#server/mail/mailer.ts';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { alertVolunteer, type AlertVolunteer } from '#tests/alerts.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { movableClock, placeReport, type MovableClock } from '#tests/volunteers.ts';
import {
  eventPageSchema,
  eventsOverviewSchema,
  myEventsSchema,
  upcomingEventSchema,
  whoIsComingSchema,
} from '#shared/contracts/events.ts';

const HOUR = 3600_000;
const FROM = 'Clean Up Edinburgh <events@cleanupedinburgh.org>';

describe.each(testDatabaseKinds)('public MUCU events on %s', (kind) => {
  let smtp: FakeSmtp;
  let clock: MovableClock;
  let t: TestApp;
  let admin: Cookies;
  let people = 0;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  afterEach(async () => {
    await t?.close();
  });

  async function fresh(start: Date) {
    clock = movableClock(start);
    t = await buildTestApp(kind, { clock, mailer: smtpMailer(smtp.url, FROM, { ignoreTLS: true }) });
    admin = await adminCookies(t.app);
    smtp.messages.length = 0;
  }

  const volunteer = (name: string): Promise<AlertVolunteer> =>
    alertVolunteer(t.database, clock, `${name}.${++people}@example.org`);

  async function createEvent(fields: { location: string; date: string; description?: string; mapsLink?: string }) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mucus',
      cookies: admin,
      payload: { description: '', mapsLink: '', ...fields },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; name: string };
  }

  const rsvp = (id: number, who: AlertVolunteer, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.app.inject({ method, url: `/api/events/${id}/rsvp`, cookies: who.cookies });

  const setCapacity = (id: number, capacity: number | string | null) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/mucus/${id}/capacity`, cookies: admin, payload: { capacity } });

  const whoIsComing = async (id: number) =>
    whoIsComingSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/admin/mucus/${id}/rsvps`, cookies: admin })).json(),
    );

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

  it("a volunteer says I'll be there and takes it back; the list shows how many are coming and their own answer", async () => {
    await fresh(new Date('2026-11-21T10:00:00Z'));
    const later = await createEvent({ location: 'Portobello Beach', date: '2026-12-12T11:00:00Z' });
    const sooner = await createEvent({
      location: 'Leith Walk',
      date: '2026-12-05T10:00:00Z',
      description: 'Bring gloves',
      mapsLink: 'https://www.openstreetmap.org/#map=18/55.97/-3.17',
    });
    const ailsa = await volunteer('ailsa');
    const bruce = await volunteer('bruce');

    const said = await rsvp(sooner.id, ailsa);
    expect(said.statusCode).toBe(200);
    expect(upcomingEventSchema.parse(said.json())).toMatchObject({
      id: sooner.id,
      going: 1,
      waiting: 0,
      capacity: null,
      myRsvp: 'going',
    });
    // Saying it twice changes nothing.
    expect((await rsvp(sooner.id, ailsa)).json()).toMatchObject({ going: 1, myRsvp: 'going' });
    await rsvp(sooner.id, bruce);

    const anonymous = eventsOverviewSchema.parse((await t.app.inject({ method: 'GET', url: '/api/events' })).json());
    expect(anonymous.upcoming.map((e) => e.name)).toEqual(['Leith Walk MUCU', 'Portobello Beach MUCU']);
    expect(anonymous.upcoming[0]).toMatchObject({
      date: '2026-12-05T10:00:00.000Z',
      location: 'Leith Walk',
      description: 'Bring gloves',
      mapsLink: 'https://www.openstreetmap.org/#map=18/55.97/-3.17',
      going: 2,
      myRsvp: null,
    });
    const asAilsa = eventsOverviewSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/events', cookies: ailsa.cookies })).json(),
    );
    expect(asAilsa.upcoming.map((e) => e.myRsvp)).toEqual(['going', null]);
    expect(
      myEventsSchema
        .parse((await t.app.inject({ method: 'GET', url: '/api/volunteers/events', cookies: ailsa.cookies })).json())
        .map((e) => e.id),
    ).toEqual([sooner.id]);

    const back = await rsvp(sooner.id, ailsa, 'DELETE');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ going: 1, myRsvp: null });
    const page = eventPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/events/${sooner.id}`, cookies: ailsa.cookies })).json(),
    );
    expect(page).toMatchObject({ when: 'upcoming', going: 1, myRsvp: null });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/volunteers/events', cookies: ailsa.cookies })).json(),
    ).toEqual([]);

    // Signed out: 401; an unknown event: 404; no answer was written by either.
    expect((await t.app.inject({ method: 'PUT', url: `/api/events/${later.id}/rsvp` })).statusCode).toBe(401);
    const unknown = await rsvp(999999, ailsa);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('MUCU event not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/events/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/events/not-a-number' })).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('event_rsvps').select('volunteer_id').execute()).toEqual([
      { volunteer_id: bruce.id },
    ]);
  });

  it("an event that has ended refuses I'll be there, and is listed as past with who attended and the sites cleaned that London day", async () => {
    await fresh(new Date('2026-07-10T12:00:00Z'));
    // Saturday 4 July 2026, 11:00 BST: its London day runs from 3 July 23:00 to 4 July 23:00 UTC.
    const past = await createEvent({ location: 'The Meadows', date: '2026-07-04T10:00:00Z' });
    const attendee = await volunteer('morag');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/mucu-attendance',
      cookies: admin,
      payload: { mucuId: past.id, volunteerEmail: attendee.email },
    });
    for (const at of ['2026-07-03T22:30:00Z', '2026-07-03T23:30:00Z', '2026-07-04T22:30:00Z', '2026-07-04T23:10:00Z']) {
      const reportId = await placeReport(t.database.db, { latitude: 55.94, longitude: -3.19, status: 'completed' });
      await t.database.db
        .insertInto('cleanups')
        .values({
          report_id: reportId,
          volunteer_id: attendee.id,
          completed_at: at,
          minutes_worked: 30,
          before_photo_key: 'before',
          after_photo_key: 'after',
          notes: null,
        })
        .execute();
    }
    // Started an hour ago: still upcoming until two hours after its start.
    const happening = await createEvent({ location: 'Calton Hill', date: '2026-07-10T11:00:00Z' });

    const overview = eventsOverviewSchema.parse((await t.app.inject({ method: 'GET', url: '/api/events' })).json());
    expect(overview.upcoming.map((e) => e.id)).toEqual([happening.id]);
    expect(overview.past).toEqual([
      expect.objectContaining({ id: past.id, name: 'The Meadows MUCU', attended: 1, sitesCleaned: 2 }),
    ]);
    expect(
      eventPageSchema.parse((await t.app.inject({ method: 'GET', url: `/api/events/${past.id}` })).json()),
    ).toMatchObject({ when: 'past', attended: 1, sitesCleaned: 2 });

    const late = await rsvp(past.id, attendee);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This MUCU event has already taken place.');
    expect((await rsvp(happening.id, attendee)).statusCode).toBe(200);
    clock.advance(1 * HOUR);
    expect((await rsvp(happening.id, attendee, 'DELETE')).statusCode).toBe(409);
  });

  it('with places set, answers beyond them join a waiting list, even when they arrive at once', async () => {
    await fresh(new Date('2026-11-21T10:00:00Z'));
    const event = await createEvent({ location: 'Leith Walk', date: '2026-12-05T10:00:00Z' });
    const invalid = await setCapacity(event.id, 0);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(
      'The number of places must be a whole number from 1 to 10000, or empty for no limit.',
    );
    expect((await setCapacity(event.id, '2.5')).statusCode).toBe(400);
    expect((await setCapacity(event.id, 3)).json()).toMatchObject({ capacity: 3, going: [], waiting: [] });

    const crowd = await Promise.all(Array.from({ length: 10 }, (_, i) => volunteer(`crowd${i}`)));
    const answers = await Promise.all(crowd.map((who) => rsvp(event.id, who)));
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    const statuses = answers.map((a) => upcomingEventSchema.parse(a.json()));
    expect(statuses.filter((s) => s.myRsvp === 'going')).toHaveLength(3);
    expect(statuses.filter((s) => s.myRsvp === 'waiting')).toHaveLength(7);
    expect(
      statuses
        .map((s) => s.myWaitingPosition)
        .filter((p) => p !== null)
        .sort((a, b) => a! - b!),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);

    let list = await whoIsComing(event.id);
    expect(list.going).toHaveLength(3);
    expect(list.waiting).toHaveLength(7);
    const firstInLine = list.waiting.slice(0, 2).map((p) => p.volunteerId);
    const byId = new Map(crowd.map((who) => [who.id, who]));

    // Two of those going drop out at once: the first two in line move up, and hear of it.
    const leaving = list.going.slice(0, 2).map((p) => byId.get(p.volunteerId)!);
    await Promise.all(leaving.map((who) => rsvp(event.id, who, 'DELETE')));
    list = await whoIsComing(event.id);
    expect(list.going).toHaveLength(3);
    expect(list.waiting).toHaveLength(5);
    expect(list.going.map((p) => p.volunteerId)).toEqual(expect.arrayContaining(firstInLine));
    await t.app.outbox.drain();
    for (const id of firstInLine) {
      const mail = await smtp.waitFor(byId.get(id)!.email);
      expect(mail.subject).toBe("A place came free: you're going to Leith Walk MUCU");
    }
    expect(smtp.messages).toHaveLength(2);

    // Someone on the waiting list leaving frees no place; more places move the line up.
    await rsvp(event.id, byId.get(list.waiting[4]!.volunteerId)!, 'DELETE');
    expect((await whoIsComing(event.id)).going).toHaveLength(3);
    const widened = whoIsComingSchema.parse((await setCapacity(event.id, 5)).json());
    expect(widened.going).toHaveLength(5);
    expect(widened.waiting).toHaveLength(2);
    const unlimited = whoIsComingSchema.parse((await setCapacity(event.id, null)).json());
    expect(unlimited).toMatchObject({ capacity: null, waiting: [] });
    expect(unlimited.going).toHaveLength(7);
  });

  // Sunday 25 October 2026: the clocks go back at 02:00 BST. Sunday 29 March 2026: forward at 01:00 GMT.
  it('the reminder goes the day before at 18:00 London time, through both clock changes, once per volunteer', async () => {
    await fresh(new Date('2026-10-20T10:00:00Z'));
    // Sunday 25 October 10:00 GMT: reminded Saturday 24 October at 18:00 BST, which is 17:00 UTC.
    const autumn = await createEvent({ location: 'Leith Walk', date: '2026-10-25T10:00:00Z' });
    const going = await volunteer('going');
    const alsoGoing = await volunteer('also');
    const waiting = await volunteer('waiting');
    await setCapacity(autumn.id, 2);
    await rsvp(autumn.id, going);
    await rsvp(autumn.id, alsoGoing);
    await rsvp(autumn.id, waiting);

    clock.set(new Date('2026-10-24T16:59:59Z'));
    await t.app.outbox.drain();
    expect(smtp.messages).toHaveLength(0);

    clock.set(new Date('2026-10-24T17:00:00Z'));
    // Two workers polling at the same moment still send one reminder each.
    await Promise.all([t.app.outbox.drain(), t.app.outbox.drain()]);
    const reminder = await smtp.waitFor(going.email);
    await smtp.waitFor(alsoGoing.email);
    expect(reminder.subject).toBe('Tomorrow: Leith Walk MUCU');
    expect(reminder.text).toContain('When: Sunday, 25 October 2026 at 10:00');
    expect(reminder.text).toContain(`http://localhost:3000/events/${autumn.id}`);
    expect(reminder.text).toContain(`http://localhost:3000/api/events/${autumn.id}/calendar.ics`);
    const link = /Stop e-mails about MUCU events with one click: (\S+)/.exec(reminder.text)?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/events\/unsubscribe\?token=[\w-]{43}$/);
    expect(reminder.headers['list-unsubscribe']).toBe(`<${link}>`);
    expect(reminder.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Like every e-mail the service sends, it says where to read how personal data is used.
    expect(reminder.text).toContain('How we use your personal data: http://localhost:3000/privacy');
    expect(reminder.html).toContain('href="http://localhost:3000/privacy"');

    clock.set(new Date('2026-10-24T21:00:00Z'));
    await t.app.outbox.drain();
    // Someone who says yes on the day itself, or moves up from the waiting list that day, is not told 'Tomorrow'.
    clock.set(new Date('2026-10-25T08:00:00Z'));
    admin = await adminCookies(t.app);
    await setCapacity(autumn.id, null);
    const onTheDay = await volunteer('ontheday');
    await rsvp(autumn.id, onTheDay);
    clock.set(new Date('2026-10-25T09:00:00Z'));
    await t.app.outbox.drain();
    const reminded = smtp.messages.filter((m) => m.subject.startsWith('Tomorrow:'));
    expect(reminded.flatMap((m) => m.to).sort()).toEqual([alsoGoing.email, going.email].sort());

    // Spring: Sunday 29 March 10:00 BST (09:00 UTC) is reminded on Saturday 28 March at 18:00 GMT,
    // which is 18:00 UTC; Monday 30 March 10:00 BST on Sunday 29 March at 18:00 BST, 17:00 UTC.
    clock.set(new Date('2026-03-20T10:00:00Z'));
    const sunday = await createEvent({ location: 'Calton Hill', date: '2026-03-29T09:00:00Z' });
    const monday = await createEvent({ location: 'Dean Village', date: '2026-03-30T09:00:00Z' });
    await rsvp(sunday.id, going);
    await rsvp(monday.id, going);
    smtp.messages.length = 0;
    for (const [at, expected] of [
      ['2026-03-28T17:59:00Z', []],
      ['2026-03-28T18:00:00Z', ['Tomorrow: Calton Hill MUCU']],
      ['2026-03-29T16:59:00Z', ['Tomorrow: Calton Hill MUCU']],
      ['2026-03-29T17:00:00Z', ['Tomorrow: Calton Hill MUCU', 'Tomorrow: Dean Village MUCU']],
    ] as const) {
      clock.set(new Date(at));
      await t.app.outbox.drain();
      // A reminder sent twice would show up twice in a later step's list, so waiting for the
      // expected list also proves nothing extra was sent.
      await expect
        .poll(
          () =>
            mailsTo(going.email)
              .map((m) => m.subject)
              .sort(),
          { message: at },
        )
        .toEqual(expected);
    }
  });

  it('those coming hear when an event changes (and are reminded again before its new time) or is cancelled; one click unsubscribes', async () => {
    await fresh(new Date('2026-11-21T10:00:00Z'));
    const event = await createEvent({ location: 'Leith Walk', date: '2026-12-05T10:00:00Z' });
    const going = await volunteer('going');
    const waiting = await volunteer('waiting');
    const quiet = await volunteer('quiet');
    await setCapacity(event.id, 2);
    await rsvp(event.id, going);
    await rsvp(event.id, quiet);
    await rsvp(event.id, waiting);
    // This one turned event e-mails off on the dashboard.
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/volunteers/event-emails',
      cookies: quiet.cookies,
      payload: { emailsOn: false },
    });
    expect(off.json()).toEqual({ emailsOn: false });

    // Reminded for the first time...
    clock.set(new Date('2026-12-04T18:00:00Z'));
    await t.app.outbox.drain();
    expect((await smtp.waitFor(going.email)).subject).toBe('Tomorrow: Leith Walk MUCU');

    // ...then moved a week on: everyone coming (waiting list too) hears of it.
    admin = await adminCookies(t.app); // sessions go idle while the clock jumps
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/mucus/${event.id}`,
      cookies: admin,
      payload: { location: 'Leith Walk', date: '2026-12-12T11:00:00Z', description: 'Meet at the Kirkgate' },
    });
    expect(moved.statusCode).toBe(200);
    await t.app.outbox.drain();
    const changed = await smtp.waitFor(going.email);
    expect(changed.subject).toBe('Changed: Leith Walk MUCU');
    expect(changed.text).toContain(
      'Time: Saturday, 12 December 2026 at 11:00 (was Saturday, 5 December 2026 at 10:00)',
    );
    expect(changed.text).toContain('Details: Meet at the Kirkgate');
    expect((await smtp.waitFor(waiting.email)).subject).toBe('Changed: Leith Walk MUCU');
    expect(mailsTo(quiet.email)).toEqual([]);

    // The new time brings a new reminder.
    clock.set(new Date('2026-12-11T18:00:00Z'));
    await t.app.outbox.drain();
    expect((await smtp.waitFor(going.email)).subject).toBe('Tomorrow: Leith Walk MUCU');

    // One click (RFC 8058) from the e-mail: no more event e-mails for them, and the page says so.
    const link = /Stop e-mails about MUCU events with one click: (\S+)/.exec(changed.text)![1]!;
    const url = link.replace('http://localhost:3000', '');
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop e-mails about MUCU events?');
    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const goingNow = await alertVolunteer(t.database, clock, going.email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/volunteers/event-emails', cookies: goingNow.cookies })).json(),
    ).toEqual({ emailsOn: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/events/unsubscribe?token=not-a-token' })).statusCode).toBe(
      404,
    );

    const before = smtp.messages.length;
    admin = await adminCookies(t.app);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/mucus/${event.id}`, cookies: admin })).statusCode,
    ).toBe(204);
    await t.app.outbox.drain();
    const cancelled = await smtp.waitFor(waiting.email);
    expect(cancelled.subject).toBe('Cancelled: Leith Walk MUCU');
    expect(cancelled.text).toContain('has been cancelled');
    expect(cancelled.text).toContain('How we use your personal data: http://localhost:3000/privacy');
    expect(smtp.messages.length).toBe(before + 1);
    expect(await t.database.db.selectFrom('event_rsvps').select('id').execute()).toEqual([]);
  });

  it('the Add to calendar file and the feed are iCalendar with the Europe/London time zone, as ical.js reads them', async () => {
    await fresh(new Date('2026-03-01T12:00:00Z'));
    const summer = await createEvent({
      location: 'Leith Walk, by the Kirkgate',
      date: '2026-06-06T09:30:00Z',
      description: 'Bring gloves; we have bags',
    });
    const winter = await createEvent({ location: 'Portobello', date: '2026-12-05T10:00:00Z' });
    // Over 30 days before: no longer in the feed.
    await createEvent({ location: 'Long Done', date: '2026-01-20T10:00:00Z' });

    const file = await t.app.inject({ method: 'GET', url: `/api/events/${summer.id}/calendar.ics` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="leith-walk-by-the-kirkgate-mucu.ics"');
    expect(file.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const read = (text: string) => {
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      const zones = calendar.getAllSubcomponents('vtimezone');
      expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/London']);
      ICAL.TimezoneService.register(new ICAL.Timezone(zones[0]!));
      return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    };
    const [event] = read(file.body);
    expect(event!.summary).toBe('Leith Walk, by the Kirkgate MUCU');
    expect(event!.location).toBe('Leith Walk, by the Kirkgate');
    expect(event!.description).toContain('Bring gloves; we have bags');
    expect(event!.uid).toBe(`mucu-${summer.id}@localhost`);
    expect(event!.startDate.zone?.tzid).toBe('Europe/London');
    expect(event!.startDate.toString()).toBe('2026-06-06T10:30:00');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-06-06T09:30:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-06-06T11:30:00.000Z');
    expect(event!.component.getFirstPropertyValue('url')).toBe(`http://localhost:3000/events/${summer.id}`);
    expect(event!.component.getFirstProperty('dtstamp')!.toICALString()).toBe('DTSTAMP:20260301T120000Z');

    const feed = await t.app.inject({ method: 'GET', url: '/api/events/feed.ics' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = read(feed.body);
    expect(events.map((e) => e.summary)).toEqual(['Leith Walk, by the Kirkgate MUCU', 'Portobello MUCU']);
    expect(events[1]!.startDate.toString()).toBe('2026-12-05T10:00:00');
    expect(events[1]!.startDate.toJSDate().toISOString()).toBe('2026-12-05T10:00:00.000Z');
    expect((await t.app.inject({ method: 'GET', url: '/api/events/999999/calendar.ics' })).statusCode).toBe(404);
    void winter;
  });

  it('administrators see who is coming and record attendance from the list in one step, with achievements', async () => {
    await fresh(new Date('2026-11-21T10:00:00Z'));
    const event = await createEvent({ location: 'Leith Walk', date: '2026-11-21T09:00:00Z' });
    const morag = await volunteer('morag');
    const euan = await volunteer('euan');
    const stranger = await volunteer('stranger');
    await setCapacity(event.id, 1);
    await rsvp(event.id, morag);
    await rsvp(event.id, euan);

    const list = await whoIsComing(event.id);
    expect(list.going).toEqual([
      expect.objectContaining({ volunteerId: morag.id, email: morag.email, attended: false }),
    ]);
    expect(list.waiting).toEqual([expect.objectContaining({ volunteerId: euan.id, attended: false })]);

    const record = (volunteerIds: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/mucus/${event.id}/attendance`,
        cookies: admin,
        payload: { volunteerIds },
      });
    const none = await record([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose at least one volunteer to record as attending.');
    const outsider = await record([morag.id, stranger.id]);
    expect(outsider.statusCode).toBe(400);
    expect(await t.database.db.selectFrom('mucu_attendances').select('id').execute()).toEqual([]);

    const done = await record([morag.id, euan.id]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ recorded: 2, alreadyRecorded: 0 });
    expect((await record([morag.id])).json()).toEqual({ recorded: 0, alreadyRecorded: 1 });
    expect((await whoIsComing(event.id)).going.map((p) => p.attended)).toEqual([true]);

    const admins = await t.app.inject({ method: 'GET', url: '/api/admin/mucus', cookies: admin });
    expect(admins.json()[0].attendances.map((a: { volunteer: { email: string } }) => a.volunteer.email)).toEqual([
      morag.email,
      euan.email,
    ]);
    const badges = await t.database.db
      .selectFrom('achievements')
      .select(['volunteer_id', 'badge_type'])
      .orderBy('volunteer_id')
      .execute();
    expect(badges).toEqual([
      { volunteer_id: morag.id, badge_type: 'first_mucu' },
      { volunteer_id: euan.id, badge_type: 'first_mucu' },
    ]);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/volunteers/dashboard', cookies: euan.cookies });
    expect(dashboard.json().mucuAttendances).toEqual([
      expect.objectContaining({ mucu: expect.objectContaining({ name: 'Leith Walk MUCU' }) }),
    ]);
  });
});
