// The open data downloads: every report's public record as GeoJSON and as CSV, each naming its
// licence (a Link header, and inside the GeoJSON). Revalidating with the ETag is answered 304 from
// the list's version alone and is not counted against the client's downloads per minute.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, sendKept } from '#server/http/conditional-get.ts';
import { serve } from '#server/http/serve.ts';
import { openDataEndpoints } from '#shared/contracts/open311.ts';
import type { OpenDataFormat, OpenDataService } from './open-data.service.ts';
import { tooManyFromNetwork, type ReportListVersion } from './open311.routes.ts';

export interface OpenDataRoutesOptions {
  service: OpenDataService;
  versions: ReportListVersion;
  /** Whole files one client may download in a minute, for each format. */
  perMinute: number;
}

/** Shared caches may keep a file for five minutes; after that it is revalidated with its ETag. */
const CACHE_CONTROL = 'public, max-age=300';

const files: Record<
  OpenDataFormat,
  { endpoint: (typeof openDataEndpoints)[keyof typeof openDataEndpoints]; type: string }
> = {
  geojson: { endpoint: openDataEndpoints.reportsGeoJson, type: 'application/geo+json; charset=utf-8' },
  csv: { endpoint: openDataEndpoints.reportsCsv, type: 'text/csv; charset=utf-8; header=present' },
};

export async function openDataRoutes(app: FastifyInstance, { service, versions, perMinute }: OpenDataRoutesOptions) {
  const { licenceName, licenceUrl } = service.licence;
  const licenceLink = `<${licenceUrl}>; rel="license"; title="${licenceName.replace(/["\\]/g, '')}"`;
  const headers = (reply: FastifyReply, etag: string) =>
    reply
      .header('ETag', etag)
      .header('Cache-Control', CACHE_CONTROL)
      .header('Link', licenceLink)
      // Public data without credentials: a web page on any site may read it.
      .header('Access-Control-Allow-Origin', '*');

  for (const format of Object.keys(files) as OpenDataFormat[]) {
    const { endpoint, type } = files[format];
    const unchanged = async (request: FastifyRequest) =>
      matchesEtag(request.headers['if-none-match'], service.etagOf(format, await versions.current()));
    serve(
      app,
      endpoint,
      {
        access: 'public',
        rateLimit: {
          max: perMinute,
          timeWindow: '1 minute',
          allowList: unchanged,
          errorResponseBuilder: tooManyFromNetwork('downloads'),
        },
      },
      async (request, reply) => {
        // An unchanged file is known from the version this process holds, with no query at all.
        const known = service.etagOf(format, await versions.current());
        if (matchesEtag(request.headers['if-none-match'], known)) return headers(reply, known).status(304).send();
        const version = await versions.confirmed();
        const etag = service.etagOf(format, version);
        if (matchesEtag(request.headers['if-none-match'], etag)) return headers(reply, etag).status(304).send();
        const text = await service.file(format, version);
        headers(reply, etag).header('Vary', 'Accept-Encoding').type(type);
        if (format === 'csv') void reply.header('Content-Disposition', 'attachment; filename="graffiti-reports.csv"');
        return sendKept(request, reply, text);
      },
    );
  }
}
