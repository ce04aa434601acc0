// The administrator's analytics calls. Opening the tab always fetches them afresh.
import { useQuery } from '@tanstack/react-query';
import type { DailyProgressRow, VolunteerAnalytics } from '#shared/contracts/analytics.ts';
import { analyticsPaths } from '#shared/contracts/paths.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export function useVolunteerAnalytics() {
  return useQuery({
    queryKey: [analyticsPaths.volunteers],
    queryFn: () => apiRequest<VolunteerAnalytics>(analyticsPaths.volunteers),
    refetchOnMount: 'always',
  });
}

export function useDailyProgress() {
  return useQuery({
    queryKey: [analyticsPaths.dailyProgress],
    queryFn: () => apiRequest<DailyProgressRow[]>(analyticsPaths.dailyProgress),
    refetchOnMount: 'always',
  });
}
