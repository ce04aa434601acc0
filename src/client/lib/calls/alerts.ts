import { alertsRoutes } from '#shared/contracts/routes/alerts.ts';
import { callsFor } from '../api.ts';

export const alertsApi = /* @__PURE__ */ callsFor<'alerts'>(alertsRoutes);
