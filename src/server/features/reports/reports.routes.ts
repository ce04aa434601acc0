// Thin HTTP layer for reports: parse with the shared schema, call the service, pick the status.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportEndpoints } from '#shared/contracts/reports.ts';
import { messages } from '#shared/domain/messages.ts';
import { ValidationError } from '#server/errors.ts';
import { reportListEndpoints, reportPageQuerySchema } from '#shared/contracts/report-list.ts';
import { reportLocationEndpoints } from '#shared/contracts/report-locations.ts';
import { parseFormFields, readRawForm, serve } from '#server/http/serve.ts';
import type { ListEncoding, ReportsService } from './reports.service.ts';
import type { ReportListService } from './report-list.service.ts';

export interface ReportsRoutesOptions {
  service: ReportsService;
  /** The management list's pages (the same path, asked with a query). */
  list: ReportListService;
  /** Public submissions per client per hour. */
  submissionsPerHour: number;
}

/** Brotli when the client takes it, else gzip, else none ('q=0' refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): ListEncoding | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export async function reportsRoutes(app: FastifyInstance, { service, list, submissionsPerHour }: ReportsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  serve(
    app,
    reportEndpoints.create,
    { access: 'public', rateLimit: { max: submissionsPerHour, timeWindow: '1 hour' } },
    async (request, reply) => {
      const form = await readRawForm(request, reportEndpoints.create);
      const photo = form.files.photo?.[0];
      if (!photo) {
        throw new ValidationError(messages.report.photoRequired, { title: messages.report.photoRequiredTitle });
      }
      const fields = parseFormFields(reportEndpoints.create, form.fields);
      const { report, created } = await service.create({ ...fields, photo });
      return reply.status(created ? 201 : 200).send(report);
    },
  );

  // Administrators: the reports whose typed location could not be placed yet.
  serve(app, reportLocationEndpoints.unplaced, { access: 'admin' }, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return service.unplaced();
  });

  // Registered at its definition's path without its schemas: the body is cached JSON text built by
  // toReportResponse, whose shape (the definition's response) is checked by the API tests instead of
  // on every poll, and the query is parsed here because no query at all asks for the whole list.
  r.get(reportListEndpoints.list.path, { config: { access: 'public' } }, async (request, reply) => {
    const asked = request.query as Record<string, string | string[]>;
    if (Object.keys(asked).length > 0) {
      // A page of the management list; its ETag covers the question as well as the data.
      const parsed = reportPageQuerySchema.safeParse(asked);
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
      const version = await list.version();
      const etag = list.etagOf(parsed.data, version);
      void reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.send(await list.page(parsed.data, version));
    }
    const version = await service.listVersion();
    const etag = `"${version}"`;
    void reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    void reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    // Already serialised (and shaped by toReportResponse, which the schema describes), and compressed
    // once per version for the clients that accept it.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) {
      return reply.header('Content-Encoding', encoding).send(await service.listEncoded(version, encoding));
    }
    return reply.send(await service.listJson(version));
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim() === etag || candidate.trim() === '*');
}
