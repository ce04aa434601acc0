// GeoReport v2's read side under /open311/v2: discovery, services, a service's definition, requests
// and one request, each as .xml or .json. Anyone may read; each client is limited per minute, answers
// carry an ETag, and every refusal is the specification's error list in the format asked for.
import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { failureBody } from '#server/plugins/error-handler.ts';
import { AppError } from '#server/errors.ts';
import { matchesEtag, notModified, unlessNotModified } from '#server/http/conditional-get.ts';
import {
  OPEN311_FORMATS,
  OPEN311_SERVICE_CODES,
  open311PostRequestSchema,
  open311Refusals,
  open311RequestsQuerySchema,
  type Open311Format,
} from '#shared/contracts/open311.ts';
import { MAX_ROW_ID } from '#shared/contracts/ids.ts';
import { clientKeyOf } from '#server/http/client-key.ts';
import { contentTypes, render, type Open311Answer } from './open311-format.ts';
import type { Open311Service } from './open311.service.ts';
import { API_KEY_PATTERN, hashApiKey } from './api-keys.service.ts';
import type { Open311PostingService } from './open311-posting.service.ts';

/** The report list's version, as the reports feature keeps it: an unchanged list is known without a query. */
export interface ReportListVersion {
  current(): Promise<string>;
  confirmed(): Promise<string>;
}

export interface Open311RoutesOptions {
  service: Open311Service;
  versions: ReportListVersion;
  /** Requests one client may make to each path in a minute (each path counts its own). */
  perMinute: number;
  /** Partner apps' POST requests, and how many one key (or one client without a key) may post in an hour. */
  posting: Open311PostingService;
  postsPerKeyPerHour: number;
}

/** A posted form's longest body: every field the specification names, with a 4,000-character description. */
const POST_BODY_LIMIT = 32 * 1024;

/** A refusal in GeoReport v2's terms: its HTTP status and one error per thing that was wrong. */
class Open311Refusal extends AppError {
  constructor(
    statusCode: number,
    readonly descriptions: string[],
  ) {
    super(statusCode, descriptions.join(' '));
  }
}

/** The format a path asks for; XML, the required one, when it names neither. */
const formatOfUrl = (url: string): Open311Format => (/\.json$/i.test(url.split('?')[0]!) ? 'json' : 'xml');

/** `<name>.<format>` from a path segment; the specification's 404 when it is not one. */
function fileOf(segment: string): { name: string; format: Open311Format } {
  const match = /^(.+)\.(xml|json)$/.exec(segment);
  if (!match) throw new Open311Refusal(404, [open311Refusals.notAsked]);
  return { name: match[1]!, format: match[2] as Open311Format };
}

/** A query or form the schema refused: one error per distinct thing wrong. */
const invalid = (error: z.ZodError) =>
  new Open311Refusal(400, [...new Set(error.issues.map((issue) => issue.message))]);

/** A name from the path as a refusal repeats it: short enough to read. */
const shown = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** The rate limit's 429, saying when the client may come back. */
export const tooManyFromNetwork = (what: string) => (_request: FastifyRequest, context: { ttl: number }) => {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new AppError(429, `Too many ${what} from your network: try again in ${seconds} seconds.`, {
    headers: { 'Retry-After': String(seconds) },
  });
};

function sendErrors(reply: FastifyReply, format: Open311Format, status: number, descriptions: string[]): FastifyReply {
  const items = descriptions.map((description) => ({ code: status, description }));
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .type(contentTypes[format])
    .send(render({ kind: 'errors', items }, format));
}

/** A fixed answer (discovery, services, a definition): made once, its ETag the hash of its text. */
function fixedAnswer(answer: Open311Answer, format: Open311Format) {
  const body = render(answer, format);
  return { body, etag: `"o311-${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
}

type FixedAnswer = ReturnType<typeof fixedAnswer>;

function sendFixed(request: FastifyRequest, reply: FastifyReply, format: Open311Format, fixed: FixedAnswer) {
  // The 304 carries the caching the full answer would.
  void reply.header('ETag', fixed.etag).header('Cache-Control', 'public, max-age=3600');
  if (matchesEtag(request.headers['if-none-match'], fixed.etag)) return reply.status(304).send();
  return reply.type(contentTypes[format]).send(fixed.body);
}

export async function open311Routes(
  app: FastifyInstance,
  { service, versions, perMinute, posting, postsPerKeyPerHour }: Open311RoutesOptions,
) {
  const config = {
    access: 'public',
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: tooManyFromNetwork('requests'),
    },
  } as const;

  // GeoReport v2's POST sends a form; only these routes read one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: POST_BODY_LIMIT },
    (_request, body, done) => {
      const form: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        const held = form[name];
        form[name] = held === undefined ? value : [held, value].flat();
      }
      done(null, form);
    },
  );

  // Public data without credentials: a web page on any site may read it (refusals included).
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('Access-Control-Allow-Origin', '*');
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const format = formatOfUrl(request.url);
    if (error instanceof Open311Refusal) return sendErrors(reply, format, error.statusCode, error.descriptions);
    const body = failureBody(error, request, reply);
    return sendErrors(reply, format, body.statusCode, [body.message]);
  });

  // A path under /open311/v2 that is none of the resources: the specification's 404, not the site's page.
  app.setNotFoundHandler((request, reply) =>
    sendErrors(reply, formatOfUrl(request.url), 404, [open311Refusals.notAsked]),
  );

  for (const format of OPEN311_FORMATS) {
    const discovery = fixedAnswer({ kind: 'discovery', document: service.discovery() }, format);
    app.get(`/discovery.${format}`, { config }, (request, reply) => sendFixed(request, reply, format, discovery));

    const services = fixedAnswer({ kind: 'services', items: service.services() }, format);
    app.get(`/services.${format}`, { config }, (request, reply) => sendFixed(request, reply, format, services));

    app.get(`/requests.${format}`, { config }, async (request, reply) => {
      const parsed = open311RequestsQuerySchema.safeParse(request.query);
      if (!parsed.success) throw invalid(parsed.error);
      const query = parsed.data;
      // An unchanged answer is known from the version this process holds, with no query at all.
      const fresh = await unlessNotModified(request, reply, versions, (version) =>
        service.etagOf(query, version, format),
      );
      if (!fresh) return reply;
      const items = await service.requests(query);
      return reply.type(contentTypes[format]).send(render({ kind: 'service_requests', items }, format));
    });
  }

  // POST requests: partner apps with a key. Each key is limited per hour (counted once the form is
  // read); a request without a good key counts against its client instead.
  const apiKeyOf = (request: FastifyRequest): string | undefined => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const key = [body.api_key ?? query.api_key].flat()[0];
    return typeof key === 'string' ? key.trim() : undefined;
  };
  const postConfig = {
    ...config,
    rateLimit: {
      ...config.rateLimit,
      max: postsPerKeyPerHour,
      timeWindow: '1 hour',
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => {
        const key = apiKeyOf(request);
        return key && API_KEY_PATTERN.test(key) ? `key:${hashApiKey(key)}` : `client:${clientKeyOf(request.ip)}`;
      },
    },
  } as const;
  for (const format of OPEN311_FORMATS) {
    app.post(`/requests.${format}`, { config: postConfig, bodyLimit: POST_BODY_LIMIT }, async (request, reply) => {
      // The key first: without one, nothing about the request is said.
      const partner = await posting.partner(apiKeyOf(request));
      const parsed = open311PostRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalid(parsed.error);
      if (!(OPEN311_SERVICE_CODES as readonly string[]).includes(parsed.data.serviceCode))
        throw new Open311Refusal(404, [open311Refusals.unknownService(shown(parsed.data.serviceCode))]);
      const created = await posting.post(partner, parsed.data);
      return reply
        .header('Cache-Control', 'no-store')
        .type(contentTypes[format])
        .send(render({ kind: 'created', items: [{ ...created, account_id: null }] }, format));
    });
  }

  // Tokens: a new request is answered with its service_request_id at once, so no token is ever given
  // and every token is unknown, as the specification answers one.
  app.get<{ Params: { file: string } }>('/tokens/:file', { config }, (request) => {
    const file = fileOf(request.params.file);
    throw new Open311Refusal(404, [open311Refusals.unknownToken(shown(file.name))]);
  });

  // Services' definitions: neither service asks for more than the location and a photo, so each
  // definition lists no attributes (metadata is false); an unknown code is the specification's 404.
  const definitionAnswers = new Map<string, FixedAnswer>(
    service
      .services()
      .flatMap(({ service_code }) =>
        OPEN311_FORMATS.map(
          (format) =>
            [
              `${service_code}.${format}`,
              fixedAnswer({ kind: 'service_definition', definition: { service_code, attributes: [] } }, format),
            ] as const,
        ),
      ),
  );
  app.get<{ Params: { file: string } }>('/services/:file', { config }, (request, reply) => {
    const file = fileOf(request.params.file);
    const fixed = definitionAnswers.get(request.params.file);
    if (!fixed) throw new Open311Refusal(404, [open311Refusals.unknownService(shown(file.name))]);
    return sendFixed(request, reply, file.format, fixed);
  });

  app.get<{ Params: { file: string } }>('/requests/:file', { config }, async (request, reply) => {
    const file = fileOf(request.params.file);
    const id = /^\d{1,10}$/.test(file.name) ? Number(file.name) : NaN;
    if (!(id >= 1 && id <= MAX_ROW_ID))
      throw new Open311Refusal(404, [open311Refusals.unknownRequest(shown(file.name))]);
    const known = `"o311-${await versions.current()}-${id}-${file.format}"`;
    if (matchesEtag(request.headers['if-none-match'], known)) return notModified(reply, known);
    const etag = `"o311-${await versions.confirmed()}-${id}-${file.format}"`;
    if (matchesEtag(request.headers['if-none-match'], etag)) return notModified(reply, etag);
    // The ETag only with a request found: a 404 is not an answer to revalidate.
    const found = await service.request(id);
    if (!found) throw new Open311Refusal(404, [open311Refusals.unknownRequest(file.name)]);
    return reply
      .header('ETag', etag)
      .header('Cache-Control', 'no-cache')
      .type(contentTypes[file.format])
      .send(render({ kind: 'service_requests', items: [found] }, file.format));
  });
}
