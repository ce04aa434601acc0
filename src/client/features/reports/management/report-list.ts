// What the management dashboard offers: the status filter and the four sorts. The
// server filters, sorts, numbers and shades the list; these are the buttons' values and words, and
// the two numbers a card carries.
import type { ReportListSort, ReportListStatus } from '#shared/contracts/reports.ts';
import type { ReportStatus } from '#shared/domain/report-status.ts';

export const statusFilters: { value: ReportListStatus; label: string }[] = [
  { value: 'reported', label: 'Reported' },
  { value: 'cleaning', label: 'Cleaning' },
  { value: 'completed', label: 'Completed' },
  { value: 'all', label: 'All' },
];

/** A status button's word for `status`, as the filter shows it ('Reported', not 'Awaiting cleanup'). */
export const statusButtonLabel = (status: ReportStatus) =>
  statusFilters.find((option) => option.value === status)!.label;

export const reportSorts: { value: ReportListSort; label: string }[] = [
  { value: 'reported-newest', label: 'Reported: newest' },
  { value: 'reported-oldest', label: 'Reported: oldest' },
  { value: 'cleaned-newest', label: 'Cleaned: newest' },
  { value: 'cleaned-oldest', label: 'Cleaned: oldest' },
  { value: 'due-soonest', label: 'Due: soonest' },
];

/** The sort after a sort button is pressed: pressing the active one clears it. */
export function nextSort(current: ReportListSort | null, pressed: ReportListSort): ReportListSort | null {
  return current === pressed ? null : pressed;
}

/** A card's title: its place in the list being shown, which changes as the list does. */
export const cardTitle = (position: number) => `Report #${position}`;

/**
 * The report's own number, which never changes: the reference its reporter was given ('#100001') on
 * the receipt, the status page and the e-mails, and the 'Report id' of the CSV.
 */
export const reference = (id: number) => `#${id}`;

/**
 * The filters besides status and sort: search words, unplaced, priority or overdue reports only, a
 * range of days.
 */
export interface Narrowing {
  q: string;
  unplaced: boolean;
  priority: boolean;
  overdue: boolean;
  /** Only reports on private property still waiting for the owner's consent. */
  awaitingConsent: boolean;
  from: string;
  to: string;
}
