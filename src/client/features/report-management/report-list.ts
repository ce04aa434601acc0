// What the management dashboard shows: the status filter, the four sorts (SPEC.md 2b), and which
// reports share a location (DESIGN.md "Duplicates": the same normalised three-word location).
import type { Report } from '#shared/contracts/reports.ts';
import type { ReportStatus } from '#shared/domain/report-status.ts';
import { normaliseThreeWords } from '#shared/domain/three-words.ts';

export type StatusFilter = ReportStatus | 'all';
export type ReportSort = 'reported-newest' | 'reported-oldest' | 'cleaned-newest' | 'cleaned-oldest';

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

const time = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

/** Reports of the chosen status, in the chosen order (the server's order, newest first, when none). */
export function visibleReports(reports: readonly Report[], filter: StatusFilter, sort: ReportSort | null): Report[] {
  const shown = filter === 'all' ? [...reports] : reports.filter((report) => report.status === filter);
  if (!sort) return shown;
  const [field, direction] = sort.split('-') as ['reported' | 'cleaned', 'newest' | 'oldest'];
  const sign = direction === 'newest' ? -1 : 1;
  return shown.sort((a, b) => {
    const ta = time(field === 'reported' ? a.reportedAt : a.completedAt);
    const tb = time(field === 'reported' ? b.reportedAt : b.completedAt);
    // Reports not cleaned yet go after the cleaned ones, whichever way.
    if (ta === null || tb === null) return ta === tb ? b.id - a.id : ta === null ? 1 : -1;
    return (ta - tb) * sign || (a.id - b.id) * sign;
  });
}

/** Ids of every report whose location another report shares. */
export function duplicateIds(reports: readonly Report[]): Set<number> {
  const byPlace = new Map<string, number[]>();
  for (const report of reports) {
    const place = normaliseThreeWords(report.what3words);
    byPlace.set(place, [...(byPlace.get(place) ?? []), report.id]);
  }
  return new Set([...byPlace.values()].filter((ids) => ids.length > 1).flat());
}

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
