// The management list as the dashboard sees it: one page asked of the server (filter, sort, search
// and where the page starts), asked again as soon as the list's change stream says it moved, and
// polled every 5 s as the fallback. Each poll sends that page's last
// ETag, so an unchanged page costs a 304 and no JSON; a changed one keeps the report objects that did
// not change (the query cache's structural sharing), so their cards are not drawn again. The first page
// may be asked early, while the dashboard's code loads (see app.tsx).
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReportPage, ReportPageQuery } from '#shared/contracts/reports.ts';
import { REPORTS_POLL_MS } from '#shared/domain/limits.ts';
import { firstPageQuery } from '#shared/contracts/admin-opening.ts';
import { reportsApi } from '#client/lib/calls/reports.ts';
import { ApiError, NetworkError } from '#client/lib/api-client.ts';
import { headStart } from '#client/lib/head-start.ts';
import { useListChanges } from '../../api/use-list-changes.ts';

/** Every page of the list shares this prefix: invalidating it refreshes whichever page is shown. */
export const reportsListKey = [reportsApi.list.url()] as const;

/** The last answer and its ETag for each page URL asked. */
const lastAnswers = new Map<string, { etag: string; page: ReportPage }>();

const firstPageUrl = reportsApi.list.url({ query: firstPageQuery });
const earlyFirstPage = headStart<ReportPage>(REPORTS_POLL_MS);

/**
 * Asks for the first page now, beside the administrator check: the server refuses it without an
 * administrator session, and the dashboard shows it only once the check has passed. Answered before
 * the dashboard's code has arrived, it waits in the cache, so the dashboard's first drawing has cards.
 */
export function startFirstPage(queryClient: QueryClient): void {
  earlyFirstPage
    .start(() => askForPage(firstPageUrl))
    .then(
      (page) => {
        const key = [...reportsListKey, firstPageQuery];
        if (queryClient.getQueryData(key) !== undefined) return;
        queryClient.setQueryData(key, page);
        earlyFirstPage.take();
      },
      () => undefined,
    );
}

async function fetchPage(query: ReportPageQuery, signal: AbortSignal): Promise<ReportPage> {
  const url = reportsApi.list.url({ query });
  const early = isFirstPage(query) ? earlyFirstPage.take() : undefined;
  // An early page refused or lost on the way is asked again, as if it had never been started.
  return early ? early.catch(() => askForPage(url, signal)) : askForPage(url, signal);
}

/** Whether a query asks the same as `firstPageQuery` (unset fields aside, in any order). */
function isFirstPage(query: ReportPageQuery): boolean {
  const set = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  const first: Record<string, unknown> = firstPageQuery;
  return set.length === Object.keys(first).length && set.every(([name, value]) => first[name] === value);
}

async function askForPage(url: string, signal?: AbortSignal): Promise<ReportPage> {
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
  // While the dashboard is open, each new version of the list asks every page of it again at once.
  useListChanges(reportsListKey);
  return useQuery({
    queryKey: [...reportsListKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    refetchInterval: REPORTS_POLL_MS,
    // While the next page or filter loads, the cards shown stay (marked busy) instead of vanishing.
    placeholderData: keepPreviousData,
  });
}
