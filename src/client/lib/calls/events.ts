import { eventsRoutes } from '#shared/contracts/routes/events.ts';
import { callsFor } from '../api.ts';

export const eventsApi = /* @__PURE__ */ callsFor<'events'>(eventsRoutes);
