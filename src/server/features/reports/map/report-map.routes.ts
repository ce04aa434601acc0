// GET /api/map: the sites one view of the map shows, clustered (report-map.service.ts). Anyone may ask.
// The answer's ETag names the list's version, the day and the view, so a map that looks again at an
// unchanged view is answered 304 from the version this process knows, with no database query.
import type { FastifyInstance } from 'fastify';
import { reportMapEndpoints } from '#shared/contracts/report-map.ts';
import { matchesEtag, notModified } from '#server/http/conditional-get.ts';
import { serve } from '#server/http/serve.ts';
import type { ListVersions } from '../list-versions.ts';
import type { ReportMapService } from './report-map.service.ts';

/** A map asks again as it is moved and zoomed: generous per client, bounded all the same. */
const VIEWS_PER_MINUTE = 240;

export async function reportMapRoutes(
  app: FastifyInstance,
  { service, versions }: { service: ReportMapService; versions: ListVersions },
) {
  serve(
    app,
    reportMapEndpoints.view,
    { access: 'public', rateLimit: { max: VIEWS_PER_MINUTE, timeWindow: '1 minute' } },
    async (request, reply) => {
      const { bbox, zoom, show } = request.query;
      // No commas in it: If-None-Match lists ETags separated by commas.
      const etagAt = (version: string) => `"map.${service.keyOf(version)}.${bbox.join('_')}.${zoom}.${show}"`;
      const known = etagAt(await versions.current());
      if (matchesEtag(request.headers['if-none-match'], known)) return notModified(reply, known);
      const version = await versions.confirmed();
      void reply.header('ETag', etagAt(version)).header('Cache-Control', 'no-cache');
      return service.view({ bbox, zoom, show }, version);
    },
  );
}
