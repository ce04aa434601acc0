// The administrator's analytics calls. Opening the tab always fetches them afresh.
import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

export function useVolunteerAnalytics() {
  return useQuery({
    queryKey: [api.analytics.volunteers.url()],
    queryFn: () => api.analytics.volunteers(),
    refetchOnMount: 'always',
  });
}

export function useDailyProgress() {
  return useQuery({
    queryKey: [api.analytics.dailyProgress.url()],
    queryFn: () => api.analytics.dailyProgress(),
    refetchOnMount: 'always',
  });
}
