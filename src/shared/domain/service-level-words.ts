// A report's clock in words, as the administrators' cards show it: "due in 3 days" or "overdue by
// 5 hours". Whole days from two days on, whole hours from one hour, else minutes.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

function span(ms: number): string {
  if (ms >= 2 * DAY) return counted(Math.floor(ms / DAY), 'day');
  if (ms >= HOUR) return counted(Math.floor(ms / HOUR), 'hour');
  return counted(Math.max(1, Math.floor(ms / MINUTE)), 'minute');
}

/** Whether a report not cleaned yet has passed its due time. */
export const isOverdue = (dueAt: string, now: Date) => Date.parse(dueAt) <= now.getTime();

/** "due in ..." before the due time, "overdue by ..." from it. */
export function dueWords(dueAt: string, now: Date): string {
  const left = Date.parse(dueAt) - now.getTime();
  return left > 0 ? `due in ${span(left)}` : `overdue by ${span(-left)}`;
}

/**
 * A report referred to the body responsible for the wall is on that owner's clock, said apart from our
 * own: "With City of Edinburgh Council: overdue by 2 days".
 */
export const ownersClockWords = (owner: string, dueAt: string, now: Date) => `With ${owner}: ${dueWords(dueAt, now)}`;
