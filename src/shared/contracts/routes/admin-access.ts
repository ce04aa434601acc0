import { route } from '../http.ts';

export const adminAccessRoutes = {
  signIn: route('POST', '/api/admin/auth'),
  signOut: route('POST', '/api/admin/logout'),
  session: route('GET', '/api/admin/me'),
} as const;
