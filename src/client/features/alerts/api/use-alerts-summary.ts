import { useQuery } from '@tanstack/react-query';
import { alertsApi } from '#client/lib/calls/alerts.ts';

/** Volunteers per kind of alert and the outbox backlog, for the administrators' analytics tab. */
export function useAlertsSummary() {
  return useQuery({ queryKey: [alertsApi.summary.url()], queryFn: () => alertsApi.summary() });
}
