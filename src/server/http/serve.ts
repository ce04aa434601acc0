// Registers a route from its shared definition: the method, path and schemas come from
// src/shared/contracts, so the server and the client can never disagree on them. The handler
// receives the parsed request and returns the answer; the success status comes from the definition.
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { input, ZodType } from 'zod';
import type {
  Endpoint,
  ParsedBodyOf,
  ParsedFormFieldsOf,
  ParsedParamsOf,
  ParsedQueryOf,
} from '#shared/contracts/endpoint.ts';
import type { Access } from '#shared/domain/permissions.ts';
import { ValidationError, type AppErrorOptions } from '#server/errors.ts';
import { readMultipart } from '#server/plugins/multipart.ts';

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParsedParamsOf<E>;
  Querystring: ParsedQueryOf<E>;
  Body: ParsedBodyOf<E>;
}>;

/** What a handler may return: the answer (before the response schema shapes it), or the reply it sent itself. */
export type EndpointResult<E extends Endpoint> =
  (E['response'] extends ZodType ? input<E['response']> : void) | FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>> | EndpointResult<E>;

/** The route's own settings: who may call it (always stated), and any per-route limits. */
export type RouteConfig = Omit<FastifyContextConfig, 'access'> & { access: Access };

export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  config: RouteConfig,
  handler: EndpointHandler<E>,
): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [status]: endpoint.response } } : {}),
    },
    async handler(request, reply) {
      const result = await handler(request as EndpointRequest<E>, reply);
      if (result === reply || reply.sent) return reply;
      if (status === 204) return reply.status(204).send();
      return reply.status(status).send(result);
    },
  });
}

export interface ParsedForm<E extends Endpoint> {
  fields: ParsedFormFieldsOf<E>;
  files: Partial<Record<string, Buffer[]>>;
}

/**
 * Reads the multipart body of a route that takes a form: only the file fields its definition names
 * are kept, and the text fields are parsed with its schema (the first problem is the answer).
 */
export async function readForm<E extends Endpoint>(
  request: FastifyRequest,
  endpoint: E,
  errorOptions?: AppErrorOptions,
): Promise<ParsedForm<E>> {
  if (!endpoint.form) throw new Error(`${endpoint.method} ${endpoint.path} does not take a form`);
  const form = await readMultipart(request, endpoint.form.files);
  const fields = endpoint.form.fields.safeParse(form.fields);
  if (!fields.success) throw new ValidationError(fields.error.issues[0]!.message, errorOptions);
  return { fields: fields.data as ParsedFormFieldsOf<E>, files: form.files };
}
