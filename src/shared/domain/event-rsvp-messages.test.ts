// An event's time is written in Edinburgh's own time whatever the clock of the machine showing it,
// through both clock changes, and its places as people read them.
import { describe, expect, it } from 'vitest';
import { formatEventWhen, goingLabel } from './event-rsvp-messages.ts';

describe('how MUCU events are written', () => {
  it.each([
    ['2026-12-05T10:00:00Z', 'Saturday, 5 December 2026 at 10:00'], // GMT
    ['2026-06-06T09:30:00Z', 'Saturday, 6 June 2026 at 10:30'], // BST
    ['2026-03-29T09:00:00Z', 'Sunday, 29 March 2026 at 10:00'], // the morning the clocks go forward
    ['2026-10-25T10:00:00Z', 'Sunday, 25 October 2026 at 10:00'], // the morning they go back
    ['2026-07-04T23:30:00Z', 'Sunday, 5 July 2026 at 00:30'], // past midnight in London, not yet in UTC
  ])('an event starting %s is at %s', (start, written) => {
    expect(formatEventWhen(start)).toBe(written);
  });

  it('says how many are going, and of how many places when there is a limit', () => {
    expect(goingLabel(0, null)).toBe('0 going');
    expect(goingLabel(12, 20)).toBe('12 of 20 places taken');
  });
});
