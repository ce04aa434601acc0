import { route } from '../http.ts';

export const volunteerDashboardRoutes = {
  dashboard: route('GET', '/api/volunteers/dashboard'),
} as const;
