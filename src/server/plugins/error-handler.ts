// One place turns every failure into `{ statusCode, error, message }` (plus `title`/`code` when known).
// Client mistakes keep their message; a 5xx never leaks internals and is logged with the request id,
// except a 503 with Retry-After (back-pressure), which is expected and logged as info.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '#shared/contracts/errors.ts';
import { AppError, type AppErrorOptions } from '../errors.ts';
import { messages } from '#shared/domain/messages.ts';
import { isDatabaseUnavailable } from '../db/client.ts';

/** A body past its route's limit: it is the data, not a photo, that was too large. */
function bodyTooLarge(limitBytes: number): string {
  const limit =
    limitBytes % (1024 * 1024) === 0 ? `${limitBytes / (1024 * 1024)} MB` : `${Math.round(limitBytes / 1024)} kB`;
  return `The request is too large: at most ${limit} of data may be sent at once.`;
}

/** What a request hears while the database is away or too slow; it is retried a moment later. */
const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering. Please try again in a moment.';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = failureBody(error, request, reply);
    return reply.status(body.statusCode).send(body);
  });
}

/**
 * What a failure is answered with, its headers set on the reply and logged as its kind deserves; the
 * site's API sends it as JSON, the Open311 interface in the format asked for.
 */
export function failureBody(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): ErrorResponse {
  let body: ErrorResponse;
  if (error instanceof AppError) {
    body = errorBody(error.statusCode, error.message, error.options);
    if (error.options.headers) void reply.headers(error.options.headers);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    body = errorBody(400, first?.message ?? 'Invalid request');
  } else if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
    body = errorBody(413, messages.report.fileTooLarge, { title: messages.report.fileTooLargeTitle });
  } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    body = errorBody(413, bodyTooLarge(request.routeOptions.bodyLimit));
  } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    body = errorBody(error.statusCode, error.message);
  } else if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    void reply.header('Retry-After', '5');
    body = errorBody(503, DATABASE_UNAVAILABLE_MESSAGE);
  } else {
    request.log.error({ err: error }, 'request failed');
    body = errorBody(500, 'Something went wrong on our side. Please try again.');
  }
  if (body.statusCode >= 500 && error instanceof AppError) {
    // A 503 that says when to come back is the server pacing itself (a full photo queue, a storage
    // that is away): expected, and counted elsewhere, so one plain line without a stack.
    if (body.statusCode === 503 && error.options.headers?.['Retry-After']) {
      request.log.info({ statusCode: 503, code: error.options.code }, error.message);
    } else {
      request.log.error({ err: error }, 'request failed');
    }
  }
  return body;
}

/** The one body every refusal and failure is answered with. */
export function errorBody(
  statusCode: number,
  message: string,
  options: Pick<AppErrorOptions, 'title' | 'code' | 'suggestions' | 'suggestionDetails'> = {},
): ErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(options.title ? { title: options.title } : {}),
    ...(options.code ? { code: options.code } : {}),
    ...(options.suggestions ? { suggestions: options.suggestions } : {}),
    ...(options.suggestionDetails ? { suggestionDetails: options.suggestionDetails } : {}),
  };
}
