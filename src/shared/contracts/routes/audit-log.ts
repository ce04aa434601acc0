import { route } from '../http.ts';

export const auditLogRoutes = {
  list: route('GET', '/api/admin/audit-log'),
} as const;
