import { route } from '../http.ts';

export const volunteerAuthRoutes = {
  signIn: route('POST', '/api/volunteers/auth/signin'),
  verify: route('POST', '/api/volunteers/auth/verify'),
  continue: route('POST', '/api/volunteers/auth/continue'),
  me: route('GET', '/api/volunteers/auth/me'),
  logout: route('POST', '/api/volunteers/auth/logout'),
} as const;
