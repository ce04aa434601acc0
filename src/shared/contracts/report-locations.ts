// Reports whose typed location could not be placed: the location provider was unreachable when they were
// made (and the background placement has not succeeded yet), or it later said the words name no place.
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { reportListSchema } from './reports.ts';

export const reportLocationEndpoints = {
  /** `GET /api/admin/reports/unplaced`: newest first. */
  unplaced: endpoint(apiRoutes.reportLocations.unplaced, { response: reportListSchema }),
};
