// The public performance figures, worked out on the server from the database: per Europe/London
// calendar month (the last 12, the current one last) and for the last 30 days, the reports made and
// cleaned, the median time to clean, the share cleaned by its due time, the share of offensive graffiti
// removed within 24 hours; and the open reports by age. Reports referred to the body responsible for
// the wall are counted apart (cleaned by owners, open with owners), so the volunteers' figures are
// theirs alone. A month is the city's calendar month, so a
// month that holds a change of the clocks is 743 or 745 hours long, as the city lives it.
import {
  OPEN_AGE_BANDS,
  PERFORMANCE_MONTHS,
  type Performance,
  type PerformancePeriod,
} from '#shared/contracts/analytics.ts';
import { cityInstant, cityTime, ukMonth } from '#shared/domain/city-clock.ts';
import type { Clock } from '#server/clock.ts';
import { toCsv } from './csv.ts';
import type { CleanedFigures, PerformanceRepository } from './performance.repository.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The first instant of a city calendar month (month 1-12, rolling over as Date.UTC does). */
const monthStart = (year: number, month: number) => cityInstant({ year, month, day: 1, hour: 0, minute: 0 });

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? null : oneDecimal((100 * part) / whole));

/** The figures of one period from its count of reports made and what its cleaned reports add up to. */
function figures(period: string, label: string, made: number, cleaned: CleanedFigures): PerformancePeriod {
  return {
    period,
    label,
    made,
    cleaned: cleaned.cleaned,
    cleanedByOwners: cleaned.byOwners,
    medianHoursToClean: cleaned.medianMs === null ? null : oneDecimal(cleaned.medianMs / HOUR),
    cleanedWithinTargetPercent: percent(cleaned.inTime, cleaned.withTarget),
    offensiveWithin24HoursPercent: percent(cleaned.offensiveWithinDay, cleaned.offensive),
  };
}

export const PERFORMANCE_CSV_HEADER = [
  'Period',
  'Reports made',
  'Reports cleaned',
  'Cleaned by owners (referred)',
  'Median hours to clean',
  'Cleaned within target (%)',
  'Offensive removed within 24 hours (%)',
] as const;

export function performanceService({ repository, clock }: { repository: PerformanceRepository; clock: Clock }) {
  return {
    async figures(): Promise<Performance> {
      const now = clock.now();
      const today = cityTime(now);
      const months = Array.from({ length: PERFORMANCE_MONTHS }, (_, i) => {
        const offset = i - (PERFORMANCE_MONTHS - 1);
        const start = monthStart(today.year, today.month + offset);
        const end = monthStart(today.year, today.month + offset + 1);
        const time = cityTime(start);
        return {
          period: `${time.year}-${String(time.month).padStart(2, '0')}`,
          label: `${ukMonth(time)} ${time.year}`,
          start,
          end,
        };
      });
      const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
      const nowIso = now.toISOString();
      const last30Days = { from: ago(30 * DAY), to: new Date(now.getTime() + 1).toISOString() };
      const [cleaned, made, made30, open, openWithOwners] = await Promise.all([
        repository.cleanedWithin([
          ...months.map((m) => ({ from: m.start.toISOString(), to: m.end.toISOString() })),
          last30Days,
        ]),
        Promise.all(months.map((m) => repository.madeBetween(m.start.toISOString(), m.end.toISOString()))),
        repository.madeBetween(ago(30 * DAY), nowIso),
        Promise.all([
          repository.openBetween(ago(DAY), null),
          repository.openBetween(ago(5 * DAY), ago(DAY)),
          repository.openBetween(ago(30 * DAY), ago(5 * DAY)),
          repository.openBetween(null, null),
        ]).then(([day, days, month, all]) => [day, days, month, all - day - days - month]),
        repository.openWithOwners(),
      ]);
      return {
        months: months.map((m, i) => figures(m.period, m.label, made[i]!, cleaned[i]!)),
        last30Days: figures('last-30-days', 'Last 30 days', made30, cleaned[months.length]!),
        openByAge: OPEN_AGE_BANDS.map((band, i) => ({ band, count: open[i]! })),
        openWithOwners,
        asOf: nowIso,
      };
    },

    /** The same figures as CSV: the months, then the last 30 days. */
    csv(performance: Performance): string {
      return toCsv([
        PERFORMANCE_CSV_HEADER,
        ...[...performance.months, performance.last30Days].map((p) => [
          p.label,
          p.made,
          p.cleaned,
          p.cleanedByOwners,
          p.medianHoursToClean,
          p.cleanedWithinTargetPercent,
          p.offensiveWithin24HoursPercent,
        ]),
      ]);
    },
  };
}
