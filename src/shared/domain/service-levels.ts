// The service levels: how soon a report is due to be cleaned, from the moment it is reported.
// Offensive graffiti is due a number of hours later, counted as elapsed time (24 hours is 24 hours
// across a change of the clocks). Other graffiti is due at the end of the city's day that is the
// given number of working days after the day it was reported: Saturdays, Sundays and Scotland's
// public holidays (from the maintained `date-holidays` data, not a list kept here) are not working
// days, and a report made on one starts counting from the next working day all the same.
import Holidays from 'date-holidays';
import { cityDayOf, cityInstant, cityTime } from './city-clock.ts';

export interface ServiceLevels {
  /** Offensive graffiti: due this many hours after it is reported. */
  offensiveHours: number;
  /** Other graffiti: due by the end of this many working days after the day it is reported. */
  otherWorkingDays: number;
}

export const defaultServiceLevels: ServiceLevels = { offensiveHours: 24, otherWorkingDays: 5 };

/** An offensive report nobody has claimed this long after it was reported is brought to the administrators. */
export const UNCLAIMED_OFFENSIVE_HOURS = 2;

const HOUR = 3_600_000;

const scotland = new Holidays('GB', 'SCT');
const holidaysByYear = new Map<number, Set<string>>();

/** Scotland's public and bank holidays of a year, as 'YYYY-MM-DD' days. */
function holidaysOf(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      (scotland.getHolidays(year) || [])
        .filter((holiday) => holiday.type === 'public' || holiday.type === 'bank')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Whether a city calendar day (month 1-12) is a working day in Scotland. */
export function isWorkingDay(year: number, month: number, day: number): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(year).has(cityDayOf({ year, month, day }));
}

/** When a report made at `reportedAt` is due to be cleaned. */
export function dueAt(
  reportedAt: Date | string,
  offensive: boolean,
  levels: ServiceLevels = defaultServiceLevels,
): Date {
  const at = typeof reportedAt === 'string' ? new Date(reportedAt) : reportedAt;
  if (offensive) return new Date(at.getTime() + levels.offensiveHours * HOUR);
  const start = cityTime(at);
  // Step through the city's calendar days after the reporting day, counting the working ones.
  const day = new Date(Date.UTC(start.year, start.month - 1, start.day));
  let counted = 0;
  while (counted < levels.otherWorkingDays) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isWorkingDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate())) counted += 1;
  }
  // Due when that day ends: the first instant of the next day on the city's clock.
  return cityInstant({
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate() + 1,
    hour: 0,
    minute: 0,
  });
}
