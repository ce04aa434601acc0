// The reports list as the management dashboard sees it: polled every 5 s (SPEC.md section 9), each
// poll sending the last ETag, so an unchanged list costs a 304 and no JSON (DESIGN.md).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reportPaths } from '#shared/contracts/paths.ts';
import type { Report } from '#shared/contracts/reports.ts';
import { REPORTS_POLL_MS } from '#shared/domain/limits.ts';
import { ApiError, NetworkError } from '#client/lib/api-client.ts';

export const reportsListKey = [reportPaths.list] as const;

/** The ETag of the list held in each query client's cache. */
const etags = new WeakMap<QueryClient, string>();

async function fetchReports(queryClient: QueryClient, signal: AbortSignal): Promise<Report[]> {
  const previous = queryClient.getQueryData<Report[]>(reportsListKey);
  const etag = previous ? etags.get(queryClient) : undefined;
  let response: Response;
  try {
    // A request carrying If-None-Match bypasses the HTTP cache and hands the 304 to us.
    response = await fetch(reportPaths.list, {
      credentials: 'include',
      cache: 'no-store',
      signal,
      headers: etag ? { 'If-None-Match': etag } : {},
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 304 && previous) return previous;
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  const reports = (await response.json()) as Report[];
  const fresh = response.headers.get('ETag');
  if (fresh) etags.set(queryClient, fresh);
  else etags.delete(queryClient);
  return reports;
}

export function useReportsList() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: reportsListKey,
    queryFn: ({ signal }) => fetchReports(queryClient, signal),
    refetchInterval: REPORTS_POLL_MS,
  });
}
