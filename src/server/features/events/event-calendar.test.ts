// The MUCU calendars through the API on each database: the feed is built once per change of the
// events (not per request), answered 304 to its ETag and sent compressed from bytes made once; it lists
// a bounded window of events; the 'Add to calendar' file revalidates the same way; a volunteer's events
// per day are capped; and no event text, however it was stored, can add lines to a calendar.
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { alertVolunteer } from '#tests/alerts.ts';
import { buildTestApp, buildTestAppOn, type TestApp } from '#tests/build-test-app.ts';
import { createSharedPostgres, testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The calendar as ical.js reads it: its events' summaries, and every alarm anywhere in it. */
function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  return {
    calendar,
    summaries: events.map((event) => String(event.getFirstPropertyValue('summary'))),
    locations: events.map((event) => String(event.getFirstPropertyValue('location'))),
    alarms: events.flatMap((event) => event.getAllSubcomponents('valarm')).length,
  };
}

describe.each(testDatabaseKinds)('MUCU calendars on %s', (kind) => {
  let clock: MovableClock;
  let t: TestApp;
  let admin: Cookies;

  afterEach(async () => {
    await t?.close();
  });

  async function fresh(start = new Date('2026-11-21T10:00:00Z')) {
    clock = movableClock(start);
    t = await buildTestApp(kind, { clock });
    admin = await adminCookies(t.app);
  }

  const post = (payload: object, cookies: Cookies = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mucus',
      cookies,
      payload: { description: '', mapsLink: '', ...payload },
    });

  async function createEvent(fields: { location: string; date: string; description?: string }, cookies?: Cookies) {
    const response = await post(fields, cookies);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; name: string };
  }

  /** Writes events straight to the table, as rows written before today's rules would be. */
  async function storeEvents(rows: { location: string; date: string; description?: string | null }[]) {
    await t.database.db
      .insertInto('mucu_events')
      .values(
        rows.map((row) => ({
          name: `${row.location} MUCU`,
          location: row.location,
          date: row.date,
          description: row.description ?? null,
          maps_link: null,
          created_at: clock.now().toISOString(),
        })),
      )
      .execute();
  }

  const feed = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/events/feed.ics', headers });

  describe('the feed', () => {
    it('an unchanged feed is answered 304 to its ETag and otherwise sent as the same bytes, until an event changes', async () => {
      await fresh();
      const event = await createEvent({ location: 'Leith Walk', date: '2026-12-05T10:00:00Z' });

      const first = await feed();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      expect(first.headers['cache-control']).toContain('no-cache');
      expect(readCalendar(first.body).summaries).toEqual(['Leith Walk MUCU']);

      const revalidated = await feed({ 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);

      // An hour on, nothing changed: the feed made at first is sent again (its DTSTAMP says when it was made).
      clock.advance(HOUR);
      const later = await feed();
      expect(later.headers.etag).toBe(etag);
      expect(later.body).toBe(first.body);
      expect(later.body).toContain('DTSTAMP:20261121T100000Z');

      admin = await adminCookies(t.app);
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/mucus/${event.id}`,
        cookies: admin,
        payload: { location: 'Leith Links', date: '2026-12-05T10:00:00Z', description: '', mapsLink: '' },
      });
      expect(edited.statusCode).toBe(200);
      const changed = await feed({ 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(readCalendar(changed.body).summaries).toEqual(['Leith Links MUCU']);
      expect(changed.body).toContain('DTSTAMP:20261121T110000Z');
    });

    it('the feed is sent compressed with Brotli or gzip, the same bytes for each request of one version', async () => {
      await fresh();
      await createEvent({
        location: 'Leith Walk',
        date: '2026-12-05T10:00:00Z',
        description: 'Bring gloves. '.repeat(90),
      });
      const plain = await feed();
      for (const [encoding, decompress] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const [one, two] = [await feed({ 'accept-encoding': encoding }), await feed({ 'accept-encoding': encoding })];
        expect(one.headers['content-encoding']).toBe(encoding);
        expect(String(one.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(one.headers.etag).toBe(plain.headers.etag);
        expect(one.rawPayload.equals(two.rawPayload)).toBe(true);
        expect(decompress(one.rawPayload).toString('utf8')).toBe(plain.body);
      }
    });

    it('the feed lists the events of the last 30 days and the upcoming ones, soonest first, at most 100 upcoming', async () => {
      await fresh(new Date('2026-11-21T10:00:00Z'));
      await createEvent({ location: 'Six Weeks Ago', date: '2026-10-10T10:00:00Z' });
      await createEvent({ location: 'Four Weeks Ago', date: '2026-10-24T10:00:00Z' });
      await createEvent({ location: 'This Morning', date: '2026-11-21T07:00:00Z' });
      await createEvent({ location: 'Next Week', date: '2026-11-28T10:00:00Z' });
      expect(readCalendar((await feed()).body).summaries).toEqual([
        'Four Weeks Ago MUCU',
        'This Morning MUCU',
        'Next Week MUCU',
      ]);

      // Far more upcoming events than a calendar needs: the soonest 100 are listed.
      await storeEvents(
        Array.from({ length: 150 }, (_, i) => ({
          location: `Later ${i + 1}`,
          date: new Date(Date.parse('2026-12-01T10:00:00Z') + i * DAY).toISOString(),
        })),
      );
      const { summaries } = readCalendar((await feed()).body);
      expect(summaries.length).toBe(101);
      expect(summaries.slice(0, 4)).toEqual([
        'Four Weeks Ago MUCU',
        'This Morning MUCU',
        'Next Week MUCU',
        'Later 1 MUCU',
      ]);
      expect(summaries.at(-1)).toBe('Later 98 MUCU');
    });

    it('the next day, an event more than 30 days past leaves the feed', async () => {
      await fresh(new Date('2026-11-21T10:00:00Z'));
      await createEvent({ location: 'Four Weeks Ago', date: '2026-10-24T10:00:00Z' });
      await createEvent({ location: 'Next Week', date: '2026-11-28T10:00:00Z' });
      const today = await feed();
      expect(readCalendar(today.body).summaries).toEqual(['Four Weeks Ago MUCU', 'Next Week MUCU']);
      clock.advance(4 * DAY);
      const later = await feed({ 'if-none-match': today.headers.etag as string });
      expect(later.statusCode).toBe(200);
      expect(readCalendar(later.body).summaries).toEqual(['Next Week MUCU']);
    });

    it.runIf(kind === 'postgres')(
      'an event created through another server process is in the feed at once',
      async () => {
        clock = movableClock(new Date('2026-11-21T10:00:00Z'));
        const shared = await createSharedPostgres();
        const one = await buildTestAppOn(shared.open(), { clock });
        const other = await buildTestAppOn(shared.open(), { clock });
        try {
          const before = await one.app.inject({ method: 'GET', url: '/api/events/feed.ics' });
          expect(readCalendar(before.body).summaries).toEqual([]);
          const created = await other.app.inject({
            method: 'POST',
            url: '/api/mucus',
            cookies: await adminCookies(other.app),
            payload: { location: 'Portobello', date: '2026-12-05T10:00:00Z' },
          });
          expect(created.statusCode).toBe(201);
          const after = await one.app.inject({
            method: 'GET',
            url: '/api/events/feed.ics',
            headers: { 'if-none-match': before.headers.etag as string },
          });
          expect(after.statusCode).toBe(200);
          expect(readCalendar(after.body).summaries).toEqual(['Portobello MUCU']);
        } finally {
          await one.app.close();
          await other.app.close();
          await one.database.close();
          await other.database.close();
          await shared.drop();
        }
        // Nothing left for afterEach to close.
        t = undefined as unknown as TestApp;
      },
    );
  });

  describe('how often one client may ask', () => {
    it('a client asking for the feed more than 60 times a minute is answered 429 with Retry-After; others are not held back', async () => {
      await fresh();
      const event = await createEvent({ location: 'Leith Walk', date: '2026-12-05T10:00:00Z' });
      const from = (address: string) => ({ remoteAddress: address });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        statuses.push(
          (await t.app.inject({ method: 'GET', url: '/api/events/feed.ics', ...from('203.0.113.66') })).statusCode,
        );
      }
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/calendar.ics`,
        ...from('203.0.113.66'),
      });
      expect(file.statusCode).toBe(200);
      expect(new Set(statuses)).toEqual(new Set([200]));
      const refused = await t.app.inject({ method: 'GET', url: '/api/events/feed.ics', ...from('203.0.113.66') });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/events/feed.ics', ...from('198.51.100.7') })).statusCode,
      ).toBe(200);
    });
  });

  describe("the 'Add to calendar' file", () => {
    it('an unchanged file is answered 304 to its ETag and otherwise sent as the same bytes, until its event changes', async () => {
      await fresh();
      const event = await createEvent({ location: 'Leith Walk', date: '2026-12-05T10:00:00Z' });
      const url = `/api/events/${event.id}/calendar.ics`;
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      clock.advance(HOUR);
      expect((await t.app.inject({ method: 'GET', url })).body).toBe(first.body);

      admin = await adminCookies(t.app);
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/mucus/${event.id}`,
        cookies: admin,
        payload: { location: 'Leith Links', date: '2026-12-05T10:00:00Z' },
      });
      const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(readCalendar(changed.body).summaries).toEqual(['Leith Links MUCU']);
      expect((await t.app.inject({ method: 'GET', url: '/api/events/999999/calendar.ics' })).statusCode).toBe(404);
    });
  });

  describe('events one volunteer may create', () => {
    it('a volunteer creates five MUCU events in a day; the sixth is refused with 429 and Retry-After, and administrators have no limit', async () => {
      await fresh(new Date('2026-11-21T10:00:00Z'));
      const organiser = await alertVolunteer(t.database, clock, 'organiser@example.org');
      for (let i = 1; i <= 5; i++) {
        await createEvent({ location: `Site ${i}`, date: '2026-12-05T10:00:00Z' }, organiser.cookies);
        clock.advance(HOUR);
      }
      const sixth = await post({ location: 'Site 6', date: '2026-12-05T10:00:00Z' }, organiser.cookies);
      expect(sixth.statusCode).toBe(429);
      // The first of the five was made at 10:00; it is 15:00, so another may be made at 10:00 tomorrow.
      expect(sixth.headers['retry-after']).toBe(String(19 * 3600));
      expect(sixth.json().message).toBe(
        'You can create at most 5 MUCU events in 24 hours. Please try again in 19 hours.',
      );
      expect(await t.database.db.selectFrom('mucu_events').select('id').execute()).toHaveLength(5);

      // Another volunteer, and administrators, are not held back by it.
      const neighbour = await alertVolunteer(t.database, clock, 'neighbour@example.org');
      await createEvent({ location: 'Site 7', date: '2026-12-05T10:00:00Z' }, neighbour.cookies);
      admin = await adminCookies(t.app);
      for (let i = 0; i < 7; i++) await createEvent({ location: `Admin ${i}`, date: '2026-12-05T10:00:00Z' });

      clock.set(new Date('2026-11-22T10:00:01Z'));
      await createEvent({ location: 'Site 6', date: '2026-12-05T10:00:00Z' }, organiser.cookies);
    });
    it("an erased volunteer's events stay, naming nobody", async () => {
      await fresh();
      const organiser = await alertVolunteer(t.database, clock, 'leaving@example.org');
      await createEvent({ location: 'Leith Walk', date: '2026-12-05T10:00:00Z' }, organiser.cookies);
      const erased = await t.app.inject({ method: 'DELETE', url: '/api/volunteers/me', cookies: organiser.cookies });
      expect(erased.statusCode).toBe(204);
      expect(await t.database.db.selectFrom('mucu_events').select(['location', 'created_by']).execute()).toEqual([
        { location: 'Leith Walk', created_by: null },
      ]);
    });

    it('eight events sent at once by one volunteer make five, and three are refused', async () => {
      await fresh();
      const organiser = await alertVolunteer(t.database, clock, 'hasty@example.org');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post({ location: `Site ${i + 1}`, date: '2026-12-05T10:00:00Z' }, organiser.cookies),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      expect(await t.database.db.selectFrom('mucu_events').select('id').execute()).toHaveLength(5);
    });
  });

  describe('event text in calendars', () => {
    // Written where the calendar names itself, before any event: two whole events of its own, one with an alarm.
    const forged =
      'Leith Walk\r\nBEGIN:VEVENT\r\nUID:forged-1\r\nDTSTAMP:20261121T100000Z\r\nDTSTART:20261205T100000Z\r\nSUMMARY:Free money\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nDESCRIPTION:Call now\r\nEND:VALARM\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged-2\r\nDTSTAMP:20261121T100000Z\r\nDTSTART:20261206T100000Z\r\nSUMMARY:Forged\r\nEND:VEVENT';

    it('a location with line breaks is refused with 400 and nothing is stored', async () => {
      await fresh();
      for (const location of [forged, 'Leith\nWalk', 'Leith\u000bWalk', 'Leith\tWalk']) {
        const response = await post({ location, date: '2026-12-05T10:00:00Z' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('The location must not contain control characters such as line breaks.');
      }
      expect(await t.database.db.selectFrom('mucu_events').select('id').execute()).toEqual([]);
    });

    it('a description keeps its line breaks but refuses other control characters', async () => {
      await fresh();
      const kept = await post({
        location: 'Leith Walk',
        date: '2026-12-05T10:00:00Z',
        description: 'Bring gloves.\r\nMeet at the Kirkgate.',
      });
      expect(kept.statusCode).toBe(201);
      expect(kept.json().description).toBe('Bring gloves.\nMeet at the Kirkgate.');
      const refused = await post({
        location: 'Leith Walk',
        date: '2026-12-05T10:00:00Z',
        description: 'Bring\u001b[2J gloves',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'The description must not contain control characters (line breaks and tabs are allowed).',
      );
    });

    it('an event stored with line breaks before they were refused is still one event, without alarms, in its file and in the feed', async () => {
      await fresh();
      await storeEvents([{ location: forged, date: '2026-12-05T10:00:00Z', description: `Gloves\u000b${forged}` }]);
      const [row] = await t.database.db.selectFrom('mucu_events').select('id').execute();
      const file = await t.app.inject({ method: 'GET', url: `/api/events/${row!.id}/calendar.ics` });
      expect(file.statusCode).toBe(200);
      const one = readCalendar(file.body);
      expect(one.summaries).toHaveLength(1);
      expect(one.alarms).toBe(0);
      expect(one.locations[0]).toContain('Leith Walk');
      expect(one.calendar.getAllProperties().map((property) => property.name)).toEqual(
        expect.not.arrayContaining(['uid', 'summary', 'dtstart']),
      );
      const all = readCalendar((await feed()).body);
      expect(all.summaries).toHaveLength(1);
      expect(all.alarms).toBe(0);
      // No line of either file holds a control character other than its line ending.
      for (const text of [file.body, (await feed()).body]) {
        const controls = [...text.replaceAll('\r\n', '')].filter((c) => (c < ' ' && c !== '\t') || c === '\u007f');
        expect(controls).toEqual([]);
      }
    });
  });
});
