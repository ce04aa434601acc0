// The management list as the dashboard sees it: one page asked of the server (filter, sort, search
// and where the page starts), polled every 5 s. Each poll sends that page's last
// ETag, so an unchanged page costs a 304 and no JSON; a changed one keeps the report objects that did
// not change (the query cache's structural sharing), so their cards are not drawn again.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportPage, ReportPageQuery } from '#shared/contracts/report-list.ts';
import { REPORTS_POLL_MS } from '#shared/domain/limits.ts';
import { api } from '#client/lib/api.ts';
import { ApiError, NetworkError } from '#client/lib/api-client.ts';

/** Every page of the list shares this prefix: invalidating it refreshes whichever page is shown. */
export const reportsListKey = [api.reports.list.url()] as const;

/** The last answer and its ETag for each page URL asked. */
const lastAnswers = new Map<string, { etag: string; page: ReportPage }>();

async function fetchPage(query: ReportPageQuery, signal: AbortSignal): Promise<ReportPage> {
  const url = api.reports.list.url({ query });
  const last = lastAnswers.get(url);
  let response: Response;
  try {
    // A request carrying If-None-Match bypasses the HTTP cache and hands the 304 to us.
    response = await fetch(url, {
      credentials: 'include',
      cache: 'no-store',
      signal,
      headers: last ? { 'If-None-Match': last.etag } : {},
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 304 && last) return last.page;
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  const body = (await response.json()) as ReportPage | unknown[];
  // Asked with a query, the server answers a page; the whole list is its answer only to no query.
  if (Array.isArray(body)) throw new ApiError(500, '', 'The server answered the whole list instead of a page');
  const etag = response.headers.get('ETag');
  if (etag) lastAnswers.set(url, { etag, page: body });
  else lastAnswers.delete(url);
  return body;
}

export function useReportPage(query: ReportPageQuery) {
  return useQuery({
    queryKey: [...reportsListKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    refetchInterval: REPORTS_POLL_MS,
    // While the next page or filter loads, the cards shown stay (marked busy) instead of vanishing.
    placeholderData: keepPreviousData,
  });
}
