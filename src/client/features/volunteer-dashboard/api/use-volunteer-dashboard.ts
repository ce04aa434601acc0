import { useQuery } from '@tanstack/react-query';
import { volunteerDashboardApi } from '#client/lib/calls/volunteer-dashboard.ts';

export const dashboardKey = [volunteerDashboardApi.dashboard.url()] as const;

export function useVolunteerDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: () => volunteerDashboardApi.dashboard(),
  });
}
