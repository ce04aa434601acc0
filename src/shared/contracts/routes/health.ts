import { route } from '../http.ts';

export const healthRoutes = {
  check: route('GET', '/api/health'),
  /** Liveness: the process answers. */
  live: route('GET', '/api/health/live'),
  /** Readiness: the database, photo storage and migrations are fine and the process is not shutting down. */
  ready: route('GET', '/api/health/ready'),
} as const;
