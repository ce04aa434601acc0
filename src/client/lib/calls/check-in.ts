import { checkInRoutes } from '#shared/contracts/routes/check-in.ts';
import { callsFor } from '../api.ts';

export const checkInApi = /* @__PURE__ */ callsFor<'checkIn'>(checkInRoutes);
