// POST /api/admin/photos/redact: an administrator blurs areas of a stored photo (recorded in the audit log).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  photoRedactionPaths,
  redactPhotoRequestSchema,
  redactPhotoResponseSchema,
} from '#shared/contracts/photo-redaction.ts';
import type { PhotoRedactionService } from './photo-redaction.service.ts';

export async function photoRedactionRoutes(app: FastifyInstance, { service }: { service: PhotoRedactionService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    photoRedactionPaths.redact,
    {
      config: { access: 'admin', audit: { action: 'photo.redact' } },
      schema: { body: redactPhotoRequestSchema, response: { 200: redactPhotoResponseSchema } },
    },
    async (request) => {
      const result = await service.redact(request.body.photoUrl, request.body.areas);
      request.auditNote = {
        targetType: 'report',
        targetId: result.reportId,
        detail: { areas: request.body.areas.length },
      };
      return result;
    },
  );
}
