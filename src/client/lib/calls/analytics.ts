import { analyticsRoutes } from '#shared/contracts/routes/analytics.ts';
import { callsFor } from '../api.ts';

export const analyticsApi = /* @__PURE__ */ callsFor<'analytics'>(analyticsRoutes);
