// Calendar days in the city's own time zone (Europe/London), as 'YYYY-MM-DD'. Daily figures are
// bucketed here, in code, so SQLite and PostgreSQL (whatever its session time zone) agree.
import { cityDayOf, cityTime } from './city-clock.ts';

/** The Europe/London calendar day of an instant: '2026-10-25'. */
export function cityDay(instant: Date | string): string {
  return cityDayOf(cityTime(instant));
}

/** The city's calendar day ('2026-11-21') and hour (0-23) at this instant, through GMT and BST. */
export function cityDayAndHour(at: Date): { day: string; hour: number } {
  const time = cityTime(at);
  return { day: cityDayOf(time), hour: time.hour };
}

/** The day `count` days after (or before, when negative) a 'YYYY-MM-DD' day. */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included, newest first. Empty when first is after last. */
export function daysNewestFirst(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = last; day >= first; day = addDays(day, -1)) days.push(day);
  return days;
}

/** '25/10/2026' for a 'YYYY-MM-DD' day (en-GB day/month/year, as every date on screen). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** Cleanups divided by reports, rounded; 0 with no reports; the bar caps at 100. */
export function progressPercent(reports: number, cleanups: number): number {
  if (reports <= 0) return 0;
  return Math.round((cleanups / reports) * 100);
}
