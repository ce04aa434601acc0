// The management list at city scale: one filtered, sorted page of reports at a time, with how many
// match, each card's position in the list being shown and whether its location is shared by any
// other report. `GET /api/reports` with no query still answers the whole list; with a query it
// answers a page. Also: several reports' status at once, and the reports being shown as CSV.
import { z } from 'zod';
import {
  BULK_STATUS_MAX,
  REPORT_LIST_SORTS,
  REPORT_LIST_STATUSES,
  REPORT_PAGE_MAX,
  REPORT_PAGE_SIZE,
  REPORT_POSITION_MAX,
} from '../domain/report-list.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { rowId } from './ids.ts';

export type { ReportListSort, ReportListStatus } from '../domain/report-list.ts';
import { reportListSchema, reportSchema, reportStatusSchema } from './reports.ts';

const cityDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Dates are written YYYY-MM-DD' });

/** Which reports: every filter is optional, and together they narrow the list. */
export const reportFilterSchema = z.object({
  status: z.enum(REPORT_LIST_STATUSES).default('all'),
  /** None: newest reported first. */
  sort: z.enum(REPORT_LIST_SORTS).optional(),
  /** Words that must each appear in the three-word location or the description, or a report number. */
  q: z.string().trim().max(200).optional(),
  /** '1': only reports whose location could not be placed (no coordinates). */
  unplaced: z.enum(['1']).optional(),
  /** '1': only reports marked priority (offensive graffiti). */
  priority: z.enum(['1']).optional(),
  /**
   * '1': priority reports before the others, each group in the chosen sort (or newest first). An
   * order rather than a filter, kept here so the CSV follows the list being shown.
   */
  priorityFirst: z.enum(['1']).optional(),
  /** Reported on or after this day, and on or before that one (the city's calendar days). */
  from: cityDate.optional(),
  to: cityDate.optional(),
});
export type ReportFilter = z.output<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

const positionMessage = 'A position in the list is a whole number from 1.';

export const reportPageQuerySchema = reportFilterSchema.extend({
  /** Where the previous page ended (its `nextCursor`); none for the first page. */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /**
   * Instead of a cursor: the page that starts at this place in the list, its 'Report #n' (from 1),
   * to go straight to a report far down a long list. Later pages follow its `nextCursor` as usual.
   */
  position: z.coerce
    .number({ error: positionMessage })
    .int({ error: positionMessage })
    .min(1, { error: positionMessage })
    .max(REPORT_POSITION_MAX, { error: positionMessage })
    .optional(),
  limit: z.coerce.number().int().min(1).max(REPORT_PAGE_MAX).default(REPORT_PAGE_SIZE),
});
export type ReportPageQuery = z.input<typeof reportPageQuerySchema>;

export const reportPageItemSchema = reportSchema.extend({
  /** Its place in the list being shown, from 1: the card's 'Report #n'. */
  position: z.number().int().positive(),
  /** Another report, anywhere in the data, has the same location. */
  duplicate: z.boolean(),
  /** When a volunteer's claim returns the site to the list by itself; null when no volunteer claims it. */
  claimLapsesAt: z.iso.datetime().nullable(),
});
export type ReportPageItem = z.infer<typeof reportPageItemSchema>;

export const reportPageSchema = z.object({
  reports: z.array(reportPageItemSchema),
  /** How many reports match the filters. */
  total: z.number().int().nonnegative(),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/**
 * One event of the list's change stream (`data:` as JSON): the list's version now. The stream sends
 * it on connecting and whenever the list changes, a comment line as a heartbeat in between, and asks
 * the browser to reconnect within `retry` after it ends (it ends now and then by design).
 */
export const reportListChangeSchema = z.object({ version: z.string() });
export type ReportListChange = z.infer<typeof reportListChangeSchema>;

export const bulkStatusRequestSchema = z.object({
  ids: z.array(rowId()).min(1).max(BULK_STATUS_MAX),
  status: reportStatusSchema,
});
export const bulkStatusResponseSchema = z.object({
  /** How many of the reports exist and now have the status. */
  updated: z.number().int().nonnegative(),
});

export const reportListEndpoints = {
  /** Without a query the answer is the whole list (an array); with any query parameter, a page. */
  list: endpoint(apiRoutes.reports.list, {
    query: reportPageQuerySchema.partial(),
    response: z.union([reportListSchema, reportPageSchema]),
  }),
  /** Asked with `Accept: text/event-stream` (as EventSource does); events are `reportListChangeSchema`. */
  changes: endpoint(apiRoutes.reports.changes, { response: null }),
  setStatusMany: endpoint(apiRoutes.reports.setStatusMany, {
    body: bulkStatusRequestSchema,
    response: bulkStatusResponseSchema,
  }),
  exportCsv: endpoint(apiRoutes.reports.exportCsv, { query: reportFilterSchema, response: null }),
};
