import { route } from '../http.ts';

export const eventsRoutes = {
  create: route('POST', '/api/mucus'),
  list: route('GET', '/api/admin/mucus'),
  update: route('PUT', '/api/admin/mucus/:id'),
  delete: route('DELETE', '/api/admin/mucus/:id'),
  addAttendance: route('POST', '/api/admin/mucu-attendance'),
} as const;
