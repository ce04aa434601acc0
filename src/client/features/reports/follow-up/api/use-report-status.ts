// The status page's data by private token, and 'Tell me when it is cleaned' from there.
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { reportFollowUpApi } from '#client/lib/calls/report-follow-up.ts';

const statusQuery = (token: string) => ({
  queryKey: [reportFollowUpApi.status.url({ params: { token } })],
  queryFn: () => reportFollowUpApi.status({ params: { token } }),
  retry: false,
});

export function useReportStatus(token: string) {
  return useQuery(statusQuery(token));
}

export function useReportStatuses(tokens: string[]) {
  return useQueries({ queries: tokens.map(statusQuery) });
}

export function useFollowReport(token: string) {
  return useMutation({
    mutationFn: (email: string) => reportFollowUpApi.follow({ params: { token }, body: { email } }),
  });
}
