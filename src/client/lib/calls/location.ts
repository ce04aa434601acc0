import { locationRoutes } from '#shared/contracts/routes/location.ts';
import { callsFor } from '../api.ts';

export const locationApi = /* @__PURE__ */ callsFor<'location'>(locationRoutes);
