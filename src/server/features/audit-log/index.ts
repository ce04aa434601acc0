// The audit log as other features see it: the service that records an administrator's action.
export type { AuditLogService } from './audit-log.service.ts';
