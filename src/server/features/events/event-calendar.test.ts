// Event text in the MUCU calendars through the API on each database: no event text, however it
// was stored, can add lines to a calendar, and line breaks are refused where they do not belong.
import { afterEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { adminCookies, type Cookies } from '#tests/sessions.ts';
import { movableClock, type MovableClock } from '#tests/volunteers.ts';

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
