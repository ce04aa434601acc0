import { volunteerAuthRoutes } from '#shared/contracts/routes/volunteer-auth.ts';
import { callsFor } from '../api.ts';

export const volunteerAuthApi = /* @__PURE__ */ callsFor<'volunteerAuth'>(volunteerAuthRoutes);
