import { reportMapRoutes } from '#shared/contracts/routes/report-map.ts';
import { callsFor } from '../api.ts';

export const reportMapApi = /* @__PURE__ */ callsFor<'reportMap'>(reportMapRoutes);
