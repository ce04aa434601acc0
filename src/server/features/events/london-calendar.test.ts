import { describe, expect, it } from 'vitest';
import { londonDayOf, reminderTimeOf } from './london-calendar.ts';

describe('London days for MUCU events', () => {
  it.each([
    // [event start (UTC), the reminder at 18:00 London time the day before (UTC)]
    ['2026-12-05T10:00:00Z', '2026-12-04T18:00:00Z'], // winter: GMT
    ['2026-07-04T09:00:00Z', '2026-07-03T17:00:00Z'], // summer: BST
    ['2026-03-29T09:00:00Z', '2026-03-28T18:00:00Z'], // the day the clocks go forward
    ['2026-03-30T09:00:00Z', '2026-03-29T17:00:00Z'], // the day after
    ['2026-10-25T10:00:00Z', '2026-10-24T17:00:00Z'], // the day the clocks go back
    ['2026-04-01T09:00:00Z', '2026-03-31T17:00:00Z'], // across a month
    ['2026-07-04T23:30:00Z', '2026-07-04T17:00:00Z'], // 00:30 BST on 5 July: its London day is the 5th
  ])('an event starting %s is reminded at %s', (start, reminder) => {
    expect(reminderTimeOf(new Date(start), 18)).toEqual(new Date(reminder));
  });

  it('a day in summer runs from 23:00 UTC the evening before; the clock-change days last 23 and 25 hours', () => {
    expect(londonDayOf(new Date('2026-07-04T10:00:00Z'))).toEqual({
      start: new Date('2026-07-03T23:00:00Z'),
      end: new Date('2026-07-04T23:00:00Z'),
    });
    const spring = londonDayOf(new Date('2026-03-29T12:00:00Z'));
    expect((spring.end.getTime() - spring.start.getTime()) / 3600_000).toBe(23);
    const autumn = londonDayOf(new Date('2026-10-25T12:00:00Z'));
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3600_000).toBe(25);
  });
});
