// What the management dashboard offers: the status filter and the four sorts. The
// server filters, sorts, numbers and shades the list; these are the buttons' values and words.
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
