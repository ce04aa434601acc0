import { reportLocationsRoutes } from '#shared/contracts/routes/report-locations.ts';
import { callsFor } from '../api.ts';

export const reportLocationsApi = /* @__PURE__ */ callsFor<'reportLocations'>(reportLocationsRoutes);
