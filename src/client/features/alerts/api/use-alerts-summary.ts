import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

/** Volunteers per kind of alert and the outbox backlog, for the administrators' analytics tab. */
export function useAlertsSummary() {
  return useQuery({ queryKey: [api.alerts.summary.url()], queryFn: () => api.alerts.summary() });
}
