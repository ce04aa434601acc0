// GET /api/admin/audit-log: what administrators did, newest first.
import type { FastifyInstance } from 'fastify';
import { auditLogEndpoints as endpoints } from '#shared/contracts/audit-log.ts';
import { serve } from '#server/http/serve.ts';
import type { AuditLogService } from './audit-log.service.ts';

export async function auditLogRoutes(app: FastifyInstance, { service }: { service: AuditLogService }) {
  serve(app, endpoints.list, { access: 'admin' }, (request) => service.page(request.query.before, request.query.limit));
}
