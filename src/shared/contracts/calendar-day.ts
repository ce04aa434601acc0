// A day of the calendar as a filter or a period names it: 'YYYY-MM-DD', and a day the month has (30
// February is refused, not rolled over into March, and never reaches a database that would refuse it).
import { z } from 'zod';

export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Dates are written YYYY-MM-DD' })
  .refine(
    (text) => {
      const [year, month, day] = text.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return year >= 1970 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    },
    { message: 'That date is not a day of the calendar' },
  );
