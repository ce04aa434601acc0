// The status page's data by private token, and 'Tell me when it is cleaned' from there.
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

const statusQuery = (token: string) => ({
  queryKey: [api.reportFollowUp.status.url({ params: { token } })],
  queryFn: () => api.reportFollowUp.status({ params: { token } }),
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
    mutationFn: (email: string) => api.reportFollowUp.follow({ params: { token }, body: { email } }),
  });
}
