import { route } from '../http.ts';

export const photoRedactionRoutes = {
  redact: route('POST', '/api/admin/photos/redact'),
} as const;
