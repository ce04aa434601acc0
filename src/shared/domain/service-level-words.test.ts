import { describe, expect, it } from 'vitest';
import { dueWords } from './service-level-words.ts';

describe('a report clock in words', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  it('says how long is left, in days, hours or minutes', () => {
    expect(dueWords('2026-06-15T23:00:00Z', now)).toBe('due in 5 days');
    expect(dueWords('2026-06-11T13:00:00Z', now)).toBe('due in 25 hours');
    expect(dueWords('2026-06-10T13:00:00Z', now)).toBe('due in 1 hour');
    expect(dueWords('2026-06-10T12:10:30Z', now)).toBe('due in 10 minutes');
  });
  it('says how late a report is once its time has passed', () => {
    expect(dueWords('2026-06-10T12:00:00Z', now)).toBe('overdue by 1 minute');
    expect(dueWords('2026-06-10T09:30:00Z', now)).toBe('overdue by 2 hours');
    expect(dueWords('2026-06-07T12:00:00Z', now)).toBe('overdue by 3 days');
  });
});
