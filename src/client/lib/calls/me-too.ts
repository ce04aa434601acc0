import { meTooRoutes } from '#shared/contracts/routes/me-too.ts';
import { callsFor } from '../api.ts';

export const meTooApi = /* @__PURE__ */ callsFor<'meToo'>(meTooRoutes);
