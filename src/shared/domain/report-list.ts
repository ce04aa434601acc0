// The management list's choices and sizes, shared by the server's queries and the dashboard.
import { REPORT_STATUSES } from './report-status.ts';

export const REPORT_LIST_SORTS = [
  'reported-newest',
  'reported-oldest',
  'cleaned-newest',
  'cleaned-oldest',
  'due-soonest',
] as const;
export type ReportListSort = (typeof REPORT_LIST_SORTS)[number];
export const REPORT_LIST_STATUSES = [...REPORT_STATUSES, 'all'] as const;
export type ReportListStatus = (typeof REPORT_LIST_STATUSES)[number];

/** Cards per page unless asked otherwise, and the most one page may hold. */
export const REPORT_PAGE_SIZE = 50;
export const REPORT_PAGE_MAX = 200;
/** The furthest place in the list a page may be asked to start at (ids and counts stay within 32 bits). */
export const REPORT_POSITION_MAX = 2_147_483_647;
/** The most reports one status change may cover. */
export const BULK_STATUS_MAX = 500;
