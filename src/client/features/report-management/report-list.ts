// What the management dashboard offers: the status filter and the four sorts. The
// server filters, sorts, numbers and shades the list; these are the buttons' values and words.
import type { Report } from '#shared/contracts/reports.ts';
import type { ReportListSort, ReportListStatus } from '#shared/contracts/report-list.ts';

export type StatusFilter = ReportListStatus;
export type ReportSort = ReportListSort;

export const statusFilters: { value: StatusFilter; label: string }[] = [
  { value: 'reported', label: 'Reported' },
  { value: 'cleaning', label: 'Cleaning' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
];

export const reportSorts: { value: ReportSort; label: string }[] = [
  { value: 'reported-newest', label: 'Reported: newest' },
  { value: 'reported-oldest', label: 'Reported: oldest' },
  { value: 'cleaned-newest', label: 'Cleaned: newest' },
  { value: 'cleaned-oldest', label: 'Cleaned: oldest' },
];

/** The sort after a sort button is pressed: pressing the active one clears it. */
export function nextSort(current: ReportSort | null, pressed: ReportSort): ReportSort | null {
  return current === pressed ? null : pressed;
}

/**
 * A link that shows the place: what3words' own page when the words are what3words addresses,
 * otherwise OpenStreetMap at the report's coordinates; none when neither is known.
 */
export function mapLinkFor(
  report: Pick<Report, 'what3words' | 'latitude' | 'longitude'>,
  provider: string | undefined,
): string | null {
  if (provider === 'what3words' && /^[a-z]+\.[a-z]+\.[a-z]+$/.test(report.what3words)) {
    return `https://w3w.co/${report.what3words}`;
  }
  if (report.latitude !== null && report.longitude !== null) {
    const [lat, lng] = [report.latitude.toFixed(5), report.longitude.toFixed(5)];
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
  }
  return null;
}
