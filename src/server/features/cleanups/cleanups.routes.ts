// Thin HTTP layer for the find-and-clean workflow. Every call needs a volunteer (administrators pass
// too); the rules of who may change what live in the service.
import type { FastifyInstance } from 'fastify';
import { cleanupEndpoints as endpoints } from '#shared/contracts/cleanups.ts';
import { reportEndpoints } from '#shared/contracts/reports.ts';
import { findMessages } from '#shared/domain/volunteer-messages.ts';
import { ValidationError } from '#server/errors.ts';
import { parseFormFields, readRawForm, serve } from '#server/http/serve.ts';
import type { CleanupsService } from './cleanups.service.ts';

export async function cleanupsRoutes(app: FastifyInstance, { service }: { service: CleanupsService }) {
  const volunteer = { access: 'volunteer' as const };

  serve(app, endpoints.findNearby, volunteer, (request) =>
    service.findNearby(
      { latitude: request.body.userLatitude, longitude: request.body.userLongitude },
      request.body.excludeReportIds ?? [],
      request.body.radiusMetres,
    ),
  );

  serve(app, endpoints.nearbySites, volunteer, (request) =>
    service.nearbySites(
      { latitude: request.body.userLatitude, longitude: request.body.userLongitude },
      request.body.radiusMetres,
    ),
  );

  serve(app, endpoints.current, volunteer, (request) => service.currentClaim(request.auth));

  // Recorded in the audit log when an administrator does it.
  serve(
    app,
    reportEndpoints.setStatus,
    { ...volunteer, audit: { action: 'report.status', fields: ['status'] } },
    (request) => service.changeStatus(request.params.id, request.body.status, request.auth),
  );

  serve(app, endpoints.complete, volunteer, async (request) => {
    const form = await readRawForm(request, endpoints.complete);
    const beforePhoto = form.files.beforePhoto?.[0];
    const afterPhoto = form.files.afterPhoto?.[0];
    if (!beforePhoto || !afterPhoto)
      throw new ValidationError(findMessages.bothPhotosRequired, { title: findMessages.uploadFailedTitle });
    const fields = parseFormFields(endpoints.complete, form.fields, { title: findMessages.uploadFailedTitle });
    return service.complete({ ...fields, beforePhoto, afterPhoto }, request.auth);
  });
}
