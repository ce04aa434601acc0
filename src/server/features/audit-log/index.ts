// The audit log as other features see it: the service that records an administrator's action, and
// its rows.
export type { AuditLogService } from './audit-log.service.ts';
export { auditLogRepository } from './audit-log.repository.ts';
