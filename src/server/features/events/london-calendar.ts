// Event days are London days: the day-before reminder goes at a London hour (through GMT and BST),
// and a past event's "sites cleaned that day" counts the clean-ups of its London calendar day.
import { TZDate } from '@date-fns/tz';
import { CITY_TIME_ZONE } from '#shared/domain/calendar-days.ts';

const ZONE = CITY_TIME_ZONE;

/** The instant of `hour`:00 London time on the London day before the event's day. */
export function reminderTimeOf(eventStart: Date, hour: number): Date {
  const local = new TZDate(eventStart.getTime(), ZONE);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - 1, hour, 0, 0, ZONE).getTime());
}

/** The first instant of the event's London day and of the day after it. */
export function londonDayOf(instant: Date): { start: Date; end: Date } {
  const local = new TZDate(instant.getTime(), ZONE);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  return {
    start: new Date(new TZDate(y, m, d, 0, 0, 0, ZONE).getTime()),
    end: new Date(new TZDate(y, m, d + 1, 0, 0, 0, ZONE).getTime()),
  };
}

/** The first instant of the London day `days` days before the one `instant` falls on (0: its own day). */
export function londonDayStartBefore(instant: Date, days: number): Date {
  const local = new TZDate(instant.getTime(), ZONE);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - days, 0, 0, 0, ZONE).getTime());
}

/** The London date of the instant: '2026-11-21'. */
export function londonDateOf(instant: Date): string {
  const local = new TZDate(instant.getTime(), ZONE);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())}`;
}
