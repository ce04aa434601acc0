import { useQuery } from '@tanstack/react-query';
import { volunteerDashboardPaths } from '#shared/contracts/paths.ts';
import type { VolunteerDashboard } from '#shared/contracts/volunteer-dashboard.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export function useVolunteerDashboard() {
  return useQuery({
    queryKey: [volunteerDashboardPaths.dashboard],
    queryFn: () => apiRequest<VolunteerDashboard>(volunteerDashboardPaths.dashboard),
  });
}
