// Thin HTTP layer for the find-and-clean workflow. Every call needs a volunteer (administrators pass
// too); the rules of who may change what live in the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cleanupPaths,
  completeCleanupFieldsSchema,
  completeCleanupResponseSchema,
  currentCleanupResponseSchema,
  findNearbyRequestSchema,
  findNearbyResponseSchema,
  reportPhotoFieldsSchema,
  reportStatusUpdateSchema,
} from '#shared/contracts/cleanups.ts';
import { reportIdParamsSchema, reportPhotoListSchema, reportSchema } from '#shared/contracts/reports.ts';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import { MAX_PROGRESS_PHOTOS } from '#shared/domain/limits.ts';
import { ValidationError } from '#server/errors.ts';
import { readMultipart } from '#server/plugins/multipart.ts';
import type { CleanupsService } from './cleanups.service.ts';

export interface CleanupsRoutesOptions {
  service: CleanupsService;
  /** How often lapsed claims are swept back to `reported` (they are also swept before each call here). */
  sweepEveryMs?: number;
}

export async function cleanupsRoutes(
  app: FastifyInstance,
  { service, sweepEveryMs = 5 * 60_000 }: CleanupsRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The report list (polled by every open dashboard) shows a lapsed claim as `reported` soon after
  // it lapses, even when nobody calls the workflow in between.
  const sweep = setInterval(() => {
    service
      .releaseLapsedClaims()
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping lapsed claims failed'));
  }, sweepEveryMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  r.post(
    cleanupPaths.findNearby,
    {
      config: { access: 'volunteer' },
      schema: { body: findNearbyRequestSchema, response: { 200: findNearbyResponseSchema } },
    },
    async (request) =>
      service.findNearby(
        { latitude: request.body.userLatitude, longitude: request.body.userLongitude },
        request.body.excludeReportIds ?? [],
        request.body.radiusMetres,
      ),
  );

  r.get(
    cleanupPaths.current,
    { config: { access: 'volunteer' }, schema: { response: { 200: currentCleanupResponseSchema } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return service.currentClaim(request.auth);
    },
  );

  r.patch(
    '/api/reports/:id/status',
    {
      // Recorded in the audit log when an administrator does it.
      config: { access: 'volunteer', audit: { action: 'report.status', fields: ['status'] } },
      schema: { params: reportIdParamsSchema, body: reportStatusUpdateSchema, response: { 200: reportSchema } },
    },
    async (request) => service.changeStatus(request.params.id, request.body.status, request.auth),
  );

  r.post(
    '/api/reports/:id/photos',
    {
      config: { access: 'volunteer', audit: { action: 'report.photo.add' } },
      schema: { params: reportIdParamsSchema, response: { 201: reportPhotoListSchema } },
    },
    async (request, reply) => {
      const form = await readMultipart(request, { photos: { max: MAX_PROGRESS_PHOTOS }, photo: { max: 1 } });
      const files = [...(form.files.photos ?? []), ...(form.files.photo ?? [])];
      if (files.length === 0) throw new ValidationError(findMessages.noPhoto, { title: findMessages.noPhotoTitle });
      const fields = reportPhotoFieldsSchema.safeParse(form.fields);
      if (!fields.success)
        throw new ValidationError(fields.error.issues[0]!.message, { title: findMessages.photoUploadFailed });
      const photos = await service.addPhotos(request.params.id, { files, ...fields.data }, request.auth);
      return reply.status(201).send(photos);
    },
  );

  r.post(
    cleanupPaths.complete,
    { config: { access: 'volunteer' }, schema: { response: { 200: completeCleanupResponseSchema } } },
    async (request) => {
      const form = await readMultipart(request, ['beforePhoto', 'afterPhoto']);
      const beforePhoto = form.files.beforePhoto?.[0];
      const afterPhoto = form.files.afterPhoto?.[0];
      if (!beforePhoto || !afterPhoto)
        throw new ValidationError(findMessages.bothPhotosRequired, { title: findMessages.uploadFailedTitle });
      const fields = completeCleanupFieldsSchema.safeParse(form.fields);
      if (!fields.success)
        throw new ValidationError(fields.error.issues[0]!.message, { title: findMessages.uploadFailedTitle });
      return service.complete({ ...fields.data, beforePhoto, afterPhoto }, request.auth);
    },
  );
}
