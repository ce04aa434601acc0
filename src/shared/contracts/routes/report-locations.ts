import { route } from '../http.ts';

/** Reports whose typed location is still to be placed on the map. */
export const reportLocationsRoutes = {
  unplaced: route('GET', '/api/admin/reports/unplaced'),
} as const;
