// The city's wall clock, worked out in plain code rather than with Intl, and the one clock the client
// and the server both read. A page's first use of Intl loads the browser's locale and time-zone data
// on the main thread, slowest on a phone-class CPU, paid before the first date can be drawn.
//
// Europe/London is GMT in winter and BST (GMT+1) from 01:00 GMT on the last Sunday of March to 01:00
// GMT on the last Sunday of October: the rule the UK has kept since 1996. Instants before 1996 (none
// of the service's own) are read with Intl, which knows the older rules.

export const CITY_TIME_ZONE = 'Europe/London';

/** The first year the rule above holds for. */
const RULE_SINCE = 1996;
const HOUR = 3_600_000;

export interface CityTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
}

/** 01:00 GMT on the last Sunday of `month` (0-based) in `year`, in milliseconds. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

let olderRules: Intl.DateTimeFormat | undefined;

function withIntl(at: Date): CityTime {
  olderRules ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: CITY_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(olderRules.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute! };
}

/** The date and time on a clock in Edinburgh at this instant. */
export function cityTime(instant: Date | string): CityTime {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const ms = at.getTime();
  // As Intl does: an invalid date has no time on any clock.
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const year = at.getUTCFullYear();
  if (year < RULE_SINCE) return withIntl(at);
  const summer = ms >= lastSundayOneAm(year, 2) && ms < lastSundayOneAm(year, 9);
  const local = new Date(ms + (summer ? HOUR : 0));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** How far the city's clock is ahead of GMT at an instant on a whole minute, in milliseconds. */
function aheadOfGmt(ms: number): number {
  const time = cityTime(new Date(ms));
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute) - ms;
}

/**
 * The instant a clock in Edinburgh reads this time; a field past its end rolls over, as in Date.UTC. A
 * time the clocks skip (01:00 to 01:59 on the last Sunday of March) is read as GMT, so an hour later by
 * the clock, and one they read twice (the same hour on the last Sunday of October) is the GMT one.
 */
export function cityInstant({ year, month, day, hour, minute }: CityTime): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return new Date(wall - Math.min(aheadOfGmt(wall - HOUR), aheadOfGmt(wall)));
}

/** The start of the city's day `days` after (before, when negative) the one `instant` falls on, or of its `hour`. */
export function cityDayStart(instant: Date, days = 0, hour = 0): Date {
  const time = cityTime(instant);
  return cityInstant({ ...time, day: time.day + days, hour, minute: 0 });
}

const two = (n: number) => String(n).padStart(2, '0');

/** '2026-10-25': the city's calendar day at this instant. */
export function cityDayOf(time: Pick<CityTime, 'year' | 'month' | 'day'>): string {
  return `${String(time.year).padStart(4, '0')}-${two(time.month)}-${two(time.day)}`;
}

/** '25/10/2026', and with `withTime` '25/10/2026, 18:05': as every date on screen (en-GB). */
export function ukDateText(time: CityTime, { withTime = false } = {}): string {
  const date = `${two(time.day)}/${two(time.month)}/${time.year}`;
  return withTime ? `${date}, ${two(time.hour)}:${two(time.minute)}` : date;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** en-GB's short month names ('Sept', not 'Sep'). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** 'Saturday, 5 December 2026 at 10:00': as en-GB writes a date and time in full. */
export function ukLongDateText(time: CityTime): string {
  const weekday = WEEKDAYS[new Date(Date.UTC(time.year, time.month - 1, time.day)).getUTCDay()]!;
  return `${weekday}, ${time.day} ${MONTHS[time.month - 1]} ${time.year} at ${two(time.hour)}:${two(time.minute)}`;
}

/** 'October': en-GB's name of the time's month. */
export function ukMonth(time: CityTime): string {
  return MONTHS[time.month - 1]!;
}

/** 'Dec': en-GB's short name of the time's month. */
export function ukShortMonth(time: CityTime): string {
  return SHORT_MONTHS[time.month - 1]!;
}
