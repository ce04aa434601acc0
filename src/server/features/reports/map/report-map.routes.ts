// GET /api/map: the sites one view of the map shows, clustered (report-map.service.ts). Anyone may ask.
// The answer's ETag names the indexes it came from (the list's version and the day) and the view, so a
// map that looks again at an unchanged view is answered 304 from the version this process knows, with
// no database query. Just after a change the answer may come from the last indexes, under their ETag.
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { reportMapEndpoints } from '#shared/contracts/report-map.ts';
import { matchesEtag, notModified } from '#server/http/conditional-get.ts';
import { serve } from '#server/http/serve.ts';
import { NotFoundError } from '#server/errors.ts';
import type { ListVersions } from '../list-versions.ts';
import type { ReportMapService } from './report-map.service.ts';
import { extractStyle, type Basemap, type Extract } from './basemap.ts';
import type { AdminMapService } from './admin-map.service.ts';

/** A map asks again as it is moved and zoomed: generous per client, bounded all the same. */
const VIEWS_PER_MINUTE = 240;
/** Each tile of the extract is one range of it: a screenful at a new place is some twenty. */
const TILE_RANGES_PER_MINUTE = 1200;
/** The most of the extract one answer carries; the PMTiles reader asks for a tile or a directory at a time. */
const LARGEST_RANGE_BYTES = 4 * 1024 * 1024;

export async function reportMapRoutes(
  app: FastifyInstance,
  {
    service,
    versions,
    basemap,
    adminService,
  }: { service: ReportMapService; versions: ListVersions; basemap: Basemap; adminService?: AdminMapService },
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

  // Administrators only (checked by the auth plugin): every status, priority, a range of days.
  if (adminService) {
    serve(
      app,
      reportMapEndpoints.adminView,
      { access: 'admin', rateLimit: { max: VIEWS_PER_MINUTE, timeWindow: '1 minute' } },
      async (request) => adminService.view(request.query, await versions.confirmed()),
    );
  }

  serve(app, reportMapEndpoints.basemap, { access: 'public' }, async (_request, reply) => {
    void reply.header('Cache-Control', 'public, max-age=3600');
    return { styleUrl: basemap.styleUrl };
  });

  const { extract } = basemap;
  serve(app, reportMapEndpoints.style, { access: 'public' }, async (_request, reply) => {
    if (!extract) throw new NotFoundError('This map has no extract of its own.');
    return reply.header('Cache-Control', 'public, max-age=3600').type('application/json').send(extractStyle(extract));
  });

  serve(
    app,
    reportMapEndpoints.tiles,
    // Its own media type, which the compression leaves alone: the tiles are compressed one by one, and
    // compressing a range again would break it.
    { access: 'public', rateLimit: { max: TILE_RANGES_PER_MINUTE, timeWindow: '1 minute' } },
    async (request, reply) => {
      if (!extract || request.params.version !== extract.version) throw new NotFoundError('No such map extract.');
      return sendRange(reply, extract, request.headers.range);
    },
  );
}

/** The extract, or the one range of it asked for (206); a range that cannot be served is 416. */
function sendRange(reply: FastifyReply, extract: Extract, header: string | undefined): FastifyReply {
  void reply
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', `"${extract.version}"`)
    .type('application/vnd.pmtiles');
  if (!header) {
    return reply.header('Content-Length', extract.size).send(fs.createReadStream(extract.path));
  }
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  let start = match?.[1] ? Number(match[1]) : undefined;
  let end = match?.[2] ? Number(match[2]) : undefined;
  if (match && start === undefined && end !== undefined) {
    // A suffix: the last `end` bytes.
    start = Math.max(0, extract.size - end);
    end = extract.size - 1;
  }
  if (start === undefined || start >= extract.size || (end !== undefined && end < start)) {
    return reply.status(416).header('Content-Range', `bytes */${extract.size}`).send();
  }
  end = Math.min(end ?? extract.size - 1, extract.size - 1, start + LARGEST_RANGE_BYTES - 1);
  return reply
    .status(206)
    .header('Content-Range', `bytes ${start}-${end}/${extract.size}`)
    .header('Content-Length', end - start + 1)
    .send(fs.createReadStream(extract.path, { start, end }));
}
