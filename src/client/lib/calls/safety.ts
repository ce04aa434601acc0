import { safetyRoutes } from '#shared/contracts/routes/safety.ts';
import { callsFor } from '../api.ts';

export const safetyApi = /* @__PURE__ */ callsFor<'safety'>(safetyRoutes);
