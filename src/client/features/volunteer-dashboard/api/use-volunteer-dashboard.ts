import { useQuery } from '@tanstack/react-query';
import { volunteerDashboardApi } from '#client/lib/calls/volunteer-dashboard.ts';

export function useVolunteerDashboard() {
  return useQuery({
    queryKey: [volunteerDashboardApi.dashboard.url()],
    queryFn: () => volunteerDashboardApi.dashboard(),
  });
}
