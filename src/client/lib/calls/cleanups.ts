import { cleanupsRoutes } from '#shared/contracts/routes/cleanups.ts';
import { callsFor } from '../api.ts';

export const cleanupsApi = /* @__PURE__ */ callsFor<'cleanups'>(cleanupsRoutes);
