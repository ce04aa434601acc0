import { reportSitesRoutes } from '#shared/contracts/routes/report-sites.ts';
import { callsFor } from '../api.ts';

export const reportSitesApi = /* @__PURE__ */ callsFor<'reportSites'>(reportSitesRoutes);
