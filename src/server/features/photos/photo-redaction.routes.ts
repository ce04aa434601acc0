// POST /api/admin/photos/redact: an administrator blurs areas of a stored photo (recorded in the audit log).
import type { FastifyInstance } from 'fastify';
import { photoRedactionEndpoints as endpoints } from '#shared/contracts/photo-redaction.ts';
import { serve } from '#server/http/serve.ts';
import type { PhotoRedactionService } from './photo-redaction.service.ts';

export async function photoRedactionRoutes(app: FastifyInstance, { service }: { service: PhotoRedactionService }) {
  serve(app, endpoints.redact, { access: 'admin', audit: { action: 'photo.redact' } }, async (request) => {
    const result = await service.redact(request.body.photoUrl, request.body.areas);
    request.auditNote = {
      targetType: 'report',
      targetId: result.reportId,
      detail: { areas: request.body.areas.length },
    };
    return result;
  });
}
