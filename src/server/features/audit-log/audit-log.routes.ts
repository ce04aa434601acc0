// GET /api/admin/audit-log: what administrators did, newest first.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogPaths, auditLogQuerySchema, auditLogResponseSchema } from '#shared/contracts/audit-log.ts';
import type { AuditLogService } from './audit-log.service.ts';

export async function auditLogRoutes(app: FastifyInstance, { service }: { service: AuditLogService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    auditLogPaths.list,
    {
      config: { access: 'admin' },
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return service.page(request.query.before, request.query.limit);
    },
  );
}
