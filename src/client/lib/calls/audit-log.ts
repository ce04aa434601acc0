import { auditLogRoutes } from '#shared/contracts/routes/audit-log.ts';
import { callsFor } from '../api.ts';

export const auditLogApi = /* @__PURE__ */ callsFor<'auditLog'>(auditLogRoutes);
