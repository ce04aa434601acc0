// The city's clock and number style worked out by hand must read exactly as Intl reads them (Node
// carries the full time-zone and locale data): every quarter hour around each change of the clocks
// from 1996 to 2060, instants spread across each of those years, and every kind of number shown.
import { describe, expect, it } from 'vitest';
import { cityDay, cityDayAndHour } from './calendar-days.ts';
import { cityDayStart, cityInstant, cityTime, ukDateText, ukLongDateText, ukShortMonth } from './city-clock.ts';
import { distanceText, formatCount, formatDate, formatDateTime } from './format.ts';

const intlParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
const intlDate = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const intlLong = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/London' });
const intlShortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'Europe/London' });
const intlDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function byIntl(at: Date) {
  const p = Object.fromEntries(intlParts.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute };
}

/** Instants to check in `year`: each quarter hour of the days around both changes, and 400 more. */
function instantsOf(year: number): Date[] {
  const out: Date[] = [];
  for (const month of [2, 9]) {
    const start = Date.UTC(year, month, 24);
    for (let ms = start; ms < Date.UTC(year, month + 1, 2); ms += 15 * 60_000) out.push(new Date(ms));
  }
  const yearStart = Date.UTC(year, 0, 1);
  const yearLength = Date.UTC(year + 1, 0, 1) - yearStart;
  for (let i = 0; i < 400; i++)
    out.push(new Date(yearStart + Math.floor(((i * 7919) % 400) * (yearLength / 400)) + i * 61_001));
  return out;
}

describe("the city's clock", () => {
  it('reads every instant from 1996 to 2060 as Intl does, through each change of the clocks', () => {
    const wrong: string[] = [];
    for (let year = 1996; year <= 2060; year++) {
      for (const at of instantsOf(year)) {
        if (JSON.stringify(cityTime(at)) !== JSON.stringify(byIntl(at))) wrong.push(at.toISOString());
        if (formatDate(at.toISOString()) !== intlDate.format(at)) wrong.push(`date ${at.toISOString()}`);
        if (formatDateTime(at) !== intlDateTime.format(at)) wrong.push(`date and time ${at.toISOString()}`);
        if (ukLongDateText(cityTime(at)) !== intlLong.format(at)) wrong.push(`in full ${at.toISOString()}`);
        if (ukShortMonth(cityTime(at)) !== intlShortMonth.format(at)) wrong.push(`month ${at.toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('changes at 01:00 GMT on the last Sundays of March and October', () => {
    expect(cityTime(new Date('2026-03-29T00:59:00Z'))).toMatchObject({ day: 29, hour: 0, minute: 59 });
    expect(cityTime(new Date('2026-03-29T01:00:00Z'))).toMatchObject({ day: 29, hour: 2, minute: 0 });
    expect(cityTime(new Date('2026-10-25T00:59:00Z'))).toMatchObject({ day: 25, hour: 1, minute: 59 });
    expect(cityTime(new Date('2026-10-25T01:00:00Z'))).toMatchObject({ day: 25, hour: 1, minute: 0 });
    // Just before midnight in summer is the next day in the city.
    expect(cityDay('2026-07-14T23:30:00Z')).toBe('2026-07-15');
    expect(cityDayAndHour(new Date('2026-12-31T23:30:00Z'))).toEqual({ day: '2026-12-31', hour: 23 });
    expect(ukDateText(cityTime('2026-11-21T18:05:00Z'), { withTime: true })).toBe('21/11/2026, 18:05');
    expect(ukLongDateText(cityTime('2026-09-05T09:00:00Z'))).toBe('Saturday, 5 September 2026 at 10:00');
    expect(ukShortMonth(cityTime('2026-09-05T09:00:00Z'))).toBe('Sept');
    // An invalid date is refused, as Intl refuses it, rather than read as 'NaN-NaN-NaN'.
    expect(() => cityDay('not a date')).toThrow(RangeError);
    expect(formatDate('not a date')).toBeNull();
  });

  it('reads instants before 1996, under the older rules, as Intl does', () => {
    for (const iso of [
      '1995-10-22T00:30:00Z',
      '1995-10-22T01:30:00Z',
      '1980-03-16T02:30:00Z',
      '1970-01-01T00:00:00Z',
    ]) {
      expect(cityTime(new Date(iso))).toEqual(byIntl(new Date(iso)));
    }
  });
});

describe("the instant of a time on the city's clock", () => {
  const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
    cityInstant({ year, month, day, hour, minute }).toISOString();

  it('reads back as the same time, from 1996 to 2060 and before, through each change of the clocks', () => {
    const wrong: string[] = [];
    for (let year = 1990; year <= 2060; year++) {
      for (const instant of instantsOf(year)) {
        const time = cityTime(instant);
        const minute = Math.floor(instant.getTime() / 60_000) * 60_000;
        // Of a time the clocks read twice, the later (GMT) one.
        const twice = JSON.stringify(cityTime(new Date(minute + 3_600_000))) === JSON.stringify(time);
        if (cityInstant(time).getTime() !== minute + (twice ? 3_600_000 : 0)) wrong.push(instant.toISOString());
      }
    }
    expect(wrong).toEqual([]);
  });

  it('changes at 01:00 GMT on the last Sundays of March and October', () => {
    expect(at(2026, 3, 29, 0, 59)).toBe('2026-03-29T00:59:00.000Z');
    expect(at(2026, 3, 29, 2, 0)).toBe('2026-03-29T01:00:00.000Z');
    expect(at(2026, 10, 25, 0, 59)).toBe('2026-10-24T23:59:00.000Z');
    expect(at(2026, 10, 25, 2, 0)).toBe('2026-10-25T02:00:00.000Z');
    // A time the clocks skip is read as GMT; of one they read twice, the GMT one.
    expect(at(2026, 3, 29, 1, 30)).toBe('2026-03-29T01:30:00.000Z');
    expect(at(2026, 10, 25, 1, 0)).toBe('2026-10-25T01:00:00.000Z');
  });

  it('puts midnight in the city at 23:00 UTC the evening before in summer and at midnight UTC in winter', () => {
    expect(at(2026, 7, 4)).toBe('2026-07-03T23:00:00.000Z');
    expect(at(2026, 12, 5)).toBe('2026-12-05T00:00:00.000Z');
    // Days past the end of a month roll over.
    expect(at(2026, 10, 32)).toBe('2026-11-01T00:00:00.000Z');
    expect(at(2026, 4, 0)).toBe('2026-03-30T23:00:00.000Z');
  });

  it.each([
    // [event start (UTC), 18:00 London time the day before (UTC)]
    ['2026-12-05T10:00:00Z', '2026-12-04T18:00:00Z'], // winter: GMT
    ['2026-07-04T09:00:00Z', '2026-07-03T17:00:00Z'], // summer: BST
    ['2026-03-29T09:00:00Z', '2026-03-28T18:00:00Z'], // the day the clocks go forward
    ['2026-03-30T09:00:00Z', '2026-03-29T17:00:00Z'], // the day after
    ['2026-10-25T10:00:00Z', '2026-10-24T17:00:00Z'], // the day the clocks go back
    ['2026-04-01T09:00:00Z', '2026-03-31T17:00:00Z'], // across a month
    ['2026-07-04T23:30:00Z', '2026-07-04T17:00:00Z'], // 00:30 BST on 5 July: its London day is the 5th
  ])('puts 18:00 on the day before %s at %s', (start, reminder) => {
    expect(cityDayStart(new Date(start), -1, 18)).toEqual(new Date(reminder));
  });

  it('starts a day in summer at 23:00 UTC the evening before; the clock-change days last 23 and 25 hours', () => {
    const july = new Date('2026-07-04T10:00:00Z');
    expect([cityDayStart(july), cityDayStart(july, 1)]).toEqual([
      new Date('2026-07-03T23:00:00Z'),
      new Date('2026-07-04T23:00:00Z'),
    ]);
    const hours = (day: string) =>
      (cityDayStart(new Date(day), 1).getTime() - cityDayStart(new Date(day)).getTime()) / 3600_000;
    expect(hours('2026-03-29T12:00:00Z')).toBe(23);
    expect(hours('2026-10-25T12:00:00Z')).toBe(25);
    expect(cityDayStart(new Date('2026-11-21T12:00:00Z'), -30)).toEqual(new Date('2026-10-21T23:00:00Z'));
  });
});

describe('numbers as en-GB writes them', () => {
  it('writes counts, metres and kilometres as Intl does', () => {
    const wrong: string[] = [];
    const check = (n: number) => {
      if (formatCount(n) !== n.toLocaleString('en-GB')) wrong.push(`${n}: ${formatCount(n)}`);
    };
    for (let n = 0; n <= 120_000; n += 7) check(n);
    for (let metres = 0; metres <= 60_000; metres += 13) check(metres / 1000);
    for (const n of [999, 1000, 1001, 999_999, 1_000_000, 123_456_789, 2 ** 40, -5, -1234.5, 0.5, 0.001, 12.25])
      check(n);
    expect(wrong).toEqual([]);
    expect(distanceText(1500)).toBe('1.5 km');
    expect(formatCount(12408)).toBe('12,408');
  });

  it('leaves numbers it would have to round to Intl', () => {
    for (const n of [1.0005, 2.0035, Math.PI, 1e16, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
    }
  });
});
