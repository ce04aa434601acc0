// Thin HTTP layer for sites: 'It's back' (anyone; bounded per client like a report, and in total by the
// service) and a site's history for the administrators' cards.
import type { FastifyInstance } from 'fastify';
import { reportSiteEndpoints as endpoints } from '#shared/contracts/report-sites.ts';
import { messages } from '#shared/domain/messages.ts';
import { stagedPhotoMessages } from '#shared/domain/staged-photo-messages.ts';
import { siteMessages } from '#shared/domain/site-messages.ts';
import { NotFoundError, ValidationError } from '#server/errors.ts';
import { parseFormFields, readRawForm, serve } from '#server/http/serve.ts';
import type { ItsBackService } from './its-back.service.ts';

/** The browser's staging secret, as the report form's photo sent ahead carries it. */
const STAGE_COOKIE = 'cue_stage';

export interface ReportSitesRoutesOptions {
  service: ItsBackService;
  /** Public submissions per client per hour, as for reports. */
  submissionsPerHour: number;
}

export async function reportSitesRoutes(
  app: FastifyInstance,
  { service, submissionsPerHour }: ReportSitesRoutesOptions,
) {
  serve(
    app,
    endpoints.itsBack,
    // The answer carries the new report's private status link.
    { access: 'public', personal: true, rateLimit: { max: submissionsPerHour, timeWindow: '1 hour' } },
    async (request, reply) => {
      const form = await readRawForm(request, endpoints.itsBack);
      const photo = form.files.photo?.[0];
      if (!photo && form.fields.stagedPhoto === undefined) {
        throw new ValidationError(messages.report.photoRequired, { title: messages.report.photoRequiredTitle });
      }
      const { stagedPhoto: reference, ...fields } = parseFormFields(endpoints.itsBack, form.fields);
      if (photo && reference) throw new ValidationError(stagedPhotoMessages.photoAndReference);
      const stagedPhoto = reference ? { reference, holder: request.cookies[STAGE_COOKIE] } : undefined;
      const { report, created } = await service.itsBack(request.params.id, { ...fields, photo, stagedPhoto });
      return reply.status(created ? 201 : 200).send(report);
    },
  );

  serve(app, endpoints.history, { access: 'admin' }, async (request) => {
    const history = await service.history(request.params.id);
    if (!history) throw new NotFoundError(siteMessages.notFound);
    return history;
  });
}
