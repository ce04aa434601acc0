// Thin HTTP layer for sites: 'It's back' (anyone; bounded per client like a report, and in total by the
// service) and a site's history for the administrators' cards.
import type { FastifyInstance } from 'fastify';
import { reportSiteEndpoints as endpoints } from '#shared/contracts/report-sites.ts';
import { siteMessages } from '#shared/domain/site-messages.ts';
import { NotFoundError } from '#server/errors.ts';
import { serve } from '#server/http/serve.ts';
import { readReportForm } from '../reports.routes.ts';
import type { ItsBackService } from './its-back.service.ts';

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
      const input = await readReportForm(request, endpoints.itsBack);
      const { report, created } = await service.itsBack(request.params.id, input);
      return reply.status(created ? 201 : 200).send(report);
    },
  );

  serve(app, endpoints.history, { access: 'admin' }, async (request) => {
    const history = await service.history(request.params.id);
    if (!history) throw new NotFoundError(siteMessages.notFound);
    return history;
  });
}
