import { route } from '../http.ts';

export const analyticsRoutes = {
  volunteers: route('GET', '/api/admin/volunteer-analytics'),
  dailyProgress: route('GET', '/api/admin/daily-progress'),
  dailyProgressExport: route('GET', '/api/admin/daily-progress/export'),
  performance: route('GET', '/api/performance'),
  performanceExport: route('GET', '/api/performance/export'),
} as const;
