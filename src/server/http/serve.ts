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
      ...(endpoint.response
        ? {
            response: {
              [status]: endpoint.response,
              ...(endpoint.alsoStatus ? { [endpoint.alsoStatus]: endpoint.response } : {}),
            },
          }
        : {}),
    },
    async handler(request, reply) {
      const result = await handler(request as EndpointRequest<E>, reply);
      // A streamed answer is under way once its headers are out; if the browser closed it, the reply
      // never ends, and there is nothing more to send.
      if (result === reply || reply.sent || reply.raw.headersSent) return reply;
      if (status === 204) return reply.status(204).send();
      return reply.status(status).send(result);
    },
  });
}

/** Sends `body` as a file to save, of `type` and named `fileName`. */
export function sendFile(reply: FastifyReply, type: string, fileName: string, body: unknown): FastifyReply {
  return reply.type(type).header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);
}

export interface ParsedForm<E extends Endpoint> {
  fields: ParsedFormFieldsOf<E>;
  files: Partial<Record<string, Buffer[]>>;
}

/** A multipart body as sent: its text fields, and only the files the definition names. */
export async function readRawForm(
  request: FastifyRequest,
  endpoint: Endpoint,
): Promise<{ fields: Record<string, string>; files: Partial<Record<string, Buffer[]>> }> {
  if (!endpoint.form) throw new Error(`${endpoint.method} ${endpoint.path} does not take a form`);
  return readMultipart(request, endpoint.form.files);
}

/** The text fields of a form, parsed with its definition's schema (the first problem is the answer). */
export function parseFormFields<E extends Endpoint>(
  endpoint: E,
  fields: Record<string, string>,
  errorOptions?: AppErrorOptions,
): ParsedFormFieldsOf<E> {
  if (!endpoint.form) throw new Error(`${endpoint.method} ${endpoint.path} does not take a form`);
  const parsed = endpoint.form.fields.safeParse(fields);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message, errorOptions);
  return parsed.data as ParsedFormFieldsOf<E>;
}

/**
 * Reads the multipart body of a route that takes a form: only the file fields its definition names
 * are kept, and the text fields are parsed with its schema (the first problem is the answer). A route
 * that must check its files before its fields uses readRawForm and parseFormFields instead.
 */
export async function readForm<E extends Endpoint>(
  request: FastifyRequest,
  endpoint: E,
  errorOptions?: AppErrorOptions,
): Promise<ParsedForm<E>> {
  const form = await readRawForm(request, endpoint);
  return { fields: parseFormFields(endpoint, form.fields, errorOptions), files: form.files };
}
