import { reportsRoutes } from '#shared/contracts/routes/reports.ts';
import { callsFor } from '../api.ts';

export const reportsApi = /* @__PURE__ */ callsFor<'reports'>(reportsRoutes);
