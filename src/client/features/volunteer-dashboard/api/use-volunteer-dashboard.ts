import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';

export function useVolunteerDashboard() {
  return useQuery({
    queryKey: [api.volunteerDashboard.dashboard.url()],
    queryFn: () => api.volunteerDashboard.dashboard(),
  });
}
