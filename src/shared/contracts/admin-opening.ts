// What an administrator's screen with the report list asks the server for as it opens: the
// administrator check and the first page of the list. The server names both in the page it answers,
// so the browser asks for them with the page's own files rather than after the screen's code has
// run; the screen's own requests (the same URLs, asked the same way) then take those answers.
import type { ReportPageQuery } from './reports.ts';
import { REPORT_PAGE_SIZE } from '../domain/report-list.ts';
import { adminAccessRoutes } from './routes/admin-access.ts';
import { reportsRoutes } from './routes/reports.ts';
import { urlOf } from './http.ts';

/** The page the management list opens on: every status, no sort, no search, from the top. */
export const firstPageQuery: ReportPageQuery = { status: 'all', limit: REPORT_PAGE_SIZE };

export const adminOpeningUrls: readonly string[] = [
  adminAccessRoutes.session.path,
  urlOf(reportsRoutes.list.path, {}, firstPageQuery),
];
