// The administrator's analytics calls. Opening the tab always fetches them afresh.
import { useQuery } from '@tanstack/react-query';
import { analyticsApi } from '#client/lib/calls/analytics.ts';

export function useVolunteerAnalytics() {
  return useQuery({
    queryKey: [analyticsApi.volunteers.url()],
    queryFn: () => analyticsApi.volunteers(),
    refetchOnMount: 'always',
  });
}

export function useDailyProgress() {
  return useQuery({
    queryKey: [analyticsApi.dailyProgress.url()],
    queryFn: () => analyticsApi.dailyProgress(),
    refetchOnMount: 'always',
  });
}
