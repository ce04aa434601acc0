// GET /api/map: the sites one view of the map shows, clustered (report-map.service.ts). Anyone may ask.
// The answer's ETag names the indexes it came from (the list's version and the day) and the view, so a
// map that looks again at an unchanged view is answered 304 from the version this process knows, with
// no database query. Just after a change the answer may come from the last indexes, under their ETag.
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
      const etagOf = (key: string) => `"map.${key}.${bbox.join('_')}.${zoom}.${show}"`;
      const known = etagOf(service.keyOf(await versions.current()));
      if (matchesEtag(request.headers['if-none-match'], known)) return notModified(reply, known);
      const { key, view } = await service.view({ bbox, zoom, show }, await versions.confirmed());
      void reply.header('ETag', etagOf(key)).header('Cache-Control', 'no-cache');
      return view;
    },
  );
}
