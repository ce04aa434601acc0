import { route } from '../http.ts';

/** The map: the sites one view shows, clustered. */
export const reportMapRoutes = {
  view: route('GET', '/api/map'),
} as const;
