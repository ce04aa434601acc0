import { recordCertificatesRoutes } from '#shared/contracts/routes/record-certificates.ts';
import { callsFor } from '../api.ts';

export const recordCertificatesApi = /* @__PURE__ */ callsFor<'recordCertificates'>(recordCertificatesRoutes);
