import { adminAccessRoutes } from '#shared/contracts/routes/admin-access.ts';
import { callsFor } from '../api.ts';

export const adminAccessApi = /* @__PURE__ */ callsFor<'adminAccess'>(adminAccessRoutes);
