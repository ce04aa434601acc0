// Checking in at a MUCU event through the API on each database: the organiser's screen shows a code
// and its link while check-in is open; a volunteer checks in with the link's code or the typed code
// once; an expired code, another event's code, a code outside the event's time window, a signed-out
// visitor and a volunteer trying codes are all refused; attendance by e-mail still works beside it.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { alertVolunteer, type AlertVolunteer } from '#tests/alerts.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';
import { checkInResultSchema, checkInScreenSchema } from '#shared/contracts/check-in.ts';
import { eventListSchema } from '#shared/contracts/events.ts';

const MINUTE = 60_000;

describe.each(testDatabaseKinds)('checking in at MUCU events on %s', (kind) => {
  let clock: MovableClock;
  let t: TestApp;
  let admin: Cookies;
  let people = 0;

  afterEach(async () => {
    await t?.close();
  });

  async function fresh(start: Date) {
    clock = movableClock(start);
    t = await buildTestApp(kind, { clock });
    admin = await adminCookies(t.app);
  }

  const volunteer = (name: string): Promise<AlertVolunteer> =>
    alertVolunteer(t.database, clock, `${name}.${++people}@example.org`);

  async function createEvent(location: string, date: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mucus',
      cookies: admin,
      payload: { location, date, description: '', mapsLink: '' },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; name: string };
  }

  const screen = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/mucus/${id}/check-in`, cookies: admin });
    expect(response.statusCode).toBe(200);
    return checkInScreenSchema.parse(response.json());
  };

  const checkIn = (who: AlertVolunteer | null, payload: { code: string; eventId?: number }) =>
    t.app.inject({ method: 'POST', url: '/api/check-ins', cookies: who?.cookies ?? {}, payload });

  const attendees = async (id: number) => {
    const list = eventListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/mucus', cookies: admin })).json(),
    );
    return list.find((event) => event.id === id)!.attendances.map((a) => a.volunteer.email);
  };

  it('a volunteer opening the QR code link is recorded as attending, once; the screen counts them', async () => {
    await fresh(new Date('2026-12-05T09:45:10Z'));
    const event = await createEvent('Leith Walk', '2026-12-05T10:00:00Z');
    const ailsa = await volunteer('ailsa');

    const shown = await screen(event.id);
    expect(shown).toMatchObject({ open: true, eventName: 'Leith Walk MUCU', checkedIn: 0 });
    expect(shown.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(shown.link).toMatch(new RegExp(`^https?://[^/]+/events/${event.id}/check-in\\?code=${shown.code}$`));
    expect(shown.changesAt).toBe('2026-12-05T09:46:00.000Z');
    // The same code for the whole minute, on every ask.
    expect((await screen(event.id)).code).toBe(shown.code);

    const first = await checkIn(ailsa, { code: shown.code!, eventId: event.id });
    expect(first.statusCode).toBe(200);
    expect(checkInResultSchema.parse(first.json())).toMatchObject({
      recorded: true,
      event: { id: event.id, name: 'Leith Walk MUCU' },
      message: 'You are checked in at Leith Walk MUCU. Thank you for coming!',
    });
    // Twice: still one attendance.
    const again = await checkIn(ailsa, { code: shown.code!, eventId: event.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ recorded: false, message: 'You are already checked in at Leith Walk MUCU.' });
    expect(await attendees(event.id)).toEqual([ailsa.email]);
    expect((await screen(event.id)).checkedIn).toBe(1);
  });

  it('a typed code finds its event among those open now, in any case and spacing', async () => {
    await fresh(new Date('2026-12-05T10:30:00Z'));
    const leith = await createEvent('Leith Walk', '2026-12-05T10:00:00Z');
    const meadows = await createEvent('The Meadows', '2026-12-05T10:15:00Z');
    const bruce = await volunteer('bruce');
    const code = (await screen(meadows.id)).code!;
    await screen(leith.id);

    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const response = await checkIn(bruce, { code: typed });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ recorded: true, event: { id: meadows.id } });
    expect(await attendees(meadows.id)).toEqual([bruce.email]);
    expect(await attendees(leith.id)).toEqual([]);
  });

  it("the previous minute's code still works; an older one has expired", async () => {
    await fresh(new Date('2026-12-05T10:05:50Z'));
    const event = await createEvent('Portobello Beach', '2026-12-05T10:00:00Z');
    const [cara, dougie] = [await volunteer('cara'), await volunteer('dougie')];
    const code = (await screen(event.id)).code!;

    clock.advance(MINUTE);
    expect((await screen(event.id)).code).not.toBe(code);
    expect((await checkIn(cara, { code, eventId: event.id })).json()).toMatchObject({ recorded: true });

    clock.advance(MINUTE);
    const expired = await checkIn(dougie, { code, eventId: event.id });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(
      'That code is not right or has expired. Codes change every minute: scan the QR code again, or type the code the organiser shows now.',
    );
    expect((await checkIn(dougie, { code })).statusCode).toBe(422);
    expect(await attendees(event.id)).toEqual([cara.email]);
  });

  it("another event's code does not check anyone in at this one", async () => {
    await fresh(new Date('2026-12-05T10:10:00Z'));
    const leith = await createEvent('Leith Walk', '2026-12-05T10:00:00Z');
    const meadows = await createEvent('The Meadows', '2026-12-05T10:00:00Z');
    const eilidh = await volunteer('eilidh');
    const leithCode = (await screen(leith.id)).code!;
    await screen(meadows.id);

    const wrong = await checkIn(eilidh, { code: leithCode, eventId: meadows.id });
    expect(wrong.statusCode).toBe(422);
    expect(await attendees(meadows.id)).toEqual([]);
    expect(await attendees(leith.id)).toEqual([]);
  });

  it('outside the time window there is no code, and a code from the window is refused', async () => {
    // 31 minutes before the start: not open yet.
    await fresh(new Date('2026-12-05T09:29:00Z'));
    const event = await createEvent('Granton Harbour', '2026-12-05T10:00:00Z');
    const fiona = await volunteer('fiona');
    const early = await screen(event.id);
    expect(early).toMatchObject({
      open: false,
      code: null,
      link: null,
      opensAt: '2026-12-05T09:30:00.000Z',
      closesAt: '2026-12-05T12:00:00.000Z',
    });

    // The last minute of the window gives a code...
    clock.set(new Date('2026-12-05T11:59:30Z'));
    admin = await adminCookies(t.app);
    const late = await screen(event.id);
    expect(late.open).toBe(true);
    // ...which stops working when the event ends, though it is still within its two minutes.
    clock.set(new Date('2026-12-05T12:00:10Z'));
    const closed = await checkIn(fiona, { code: late.code!, eventId: event.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(
      'Check-in for Granton Harbour MUCU is not open. It opens 30 minutes before the event starts and closes when it ends.',
    );
    expect((await checkIn(fiona, { code: late.code! })).statusCode).toBe(422);
    expect(await screen(event.id)).toMatchObject({ open: false, code: null });
    expect(await attendees(event.id)).toEqual([]);
  });

  it('only signed-in volunteers check in, only administrators see the code, and guessing is cut short', async () => {
    await fresh(new Date('2026-12-05T10:00:00Z'));
    const event = await createEvent('Calton Hill', '2026-12-05T10:00:00Z');
    const gregor = await volunteer('gregor');
    const code = (await screen(event.id)).code!;

    expect((await checkIn(null, { code, eventId: event.id })).statusCode).toBe(401);
    const asVolunteer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/mucus/${event.id}/check-in`,
      cookies: gregor.cookies,
    });
    expect(asVolunteer.statusCode).toBe(403);
    expect((await checkIn(gregor, { code: '', eventId: event.id })).statusCode).toBe(400);
    expect((await checkIn(gregor, { code: 'ABC', eventId: event.id })).statusCode).toBe(400);
    expect((await checkIn(gregor, { code, eventId: 999_999 })).statusCode).toBe(404);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await checkIn(gregor, { code: 'AAAAAA' })).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Even the right code waits until the minute has passed.
    expect((await checkIn(gregor, { code, eventId: event.id })).statusCode).toBe(429);
  });

  it('an administrator still adds attendance by e-mail, and a check-in after it changes nothing', async () => {
    await fresh(new Date('2026-12-05T10:20:00Z'));
    const event = await createEvent('Dean Village', '2026-12-05T10:00:00Z');
    const hamish = await volunteer('hamish');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mucu-attendance',
      cookies: admin,
      payload: { mucuId: event.id, volunteerEmail: hamish.email },
    });
    expect(added.statusCode).toBe(201);
    const code = (await screen(event.id)).code!;
    expect((await checkIn(hamish, { code, eventId: event.id })).json()).toMatchObject({ recorded: false });
    expect(await attendees(event.id)).toEqual([hamish.email]);
  });
});
