import { photoRedactionRoutes } from '#shared/contracts/routes/photo-redaction.ts';
import { callsFor } from '../api.ts';

export const photoRedactionApi = /* @__PURE__ */ callsFor<'photoRedaction'>(photoRedactionRoutes);
