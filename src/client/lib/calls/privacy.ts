import { privacyRoutes } from '#shared/contracts/routes/privacy.ts';
import { callsFor } from '../api.ts';

export const privacyApi = /* @__PURE__ */ callsFor<'privacy'>(privacyRoutes);
