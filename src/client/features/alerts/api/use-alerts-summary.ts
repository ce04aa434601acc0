import { useQuery } from '@tanstack/react-query';
import type { AlertsSummary } from '#shared/contracts/alerts.ts';
import { alertPaths } from '#shared/contracts/paths.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** Volunteers per kind of alert and the outbox backlog, for the administrators' analytics tab. */
export function useAlertsSummary() {
  return useQuery({ queryKey: [alertPaths.summary], queryFn: () => apiRequest<AlertsSummary>(alertPaths.summary) });
}
