import { open311PartnersRoutes } from '#shared/contracts/routes/open311-partners.ts';
import { callsFor } from '../api.ts';

export const open311PartnersApi = /* @__PURE__ */ callsFor<'open311Partners'>(open311PartnersRoutes);
