import { route } from '../http.ts';

export const cleanupsRoutes = {
  findNearby: route('POST', '/api/find-nearby'),
  /** The open sites near the volunteer, nearest first, for the find page's list and map. */
  nearbySites: route('POST', '/api/find-nearby/sites'),
  /** The signed-in volunteer's own site in cleaning, if any (restores the workflow on reload). */
  current: route('GET', '/api/cleanup/current'),
  complete: route('POST', '/api/cleanup/complete'),
} as const;
