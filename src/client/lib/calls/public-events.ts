import { publicEventsRoutes } from '#shared/contracts/routes/public-events.ts';
import { callsFor } from '../api.ts';

export const publicEventsApi = /* @__PURE__ */ callsFor<'publicEvents'>(publicEventsRoutes);
