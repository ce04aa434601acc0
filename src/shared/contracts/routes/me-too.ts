import { route } from '../http.ts';

/** 'Me too': anyone confirms an open report instead of making another, once per device. */
export const meTooRoutes = {
  confirm: route('POST', '/api/reports/:id/me-too'),
} as const;
