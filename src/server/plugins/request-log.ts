// What the request log writes about each request, and when. Every open dashboard polls every 5 s, so
// a line per request at info would drown what matters: requests are logged at debug (LOG_LEVEL=debug)
// as they arrive and as they are answered; a request that failed is still logged at Fastify's own
// level. Private links carry their secret in the URL (a status page's token in its path, an e-mailed
// confirm or unsubscribe link's in `?token=`): a log that kept them would hand every reader of the logs
// each reporter's status page and each follower's address, so the token is hidden.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

const HIDDEN = '[hidden]';

/** The URL with the token of any private link replaced by [hidden]. */
export function hidePrivateTokens(url: string): string {
  return url
    .replace(/^(\/+(?:api\/report-status|report)\/)[^/?#]+/, `$1${HIDDEN}`)
    .replace(/([?&]token=)[^&#]*/gi, `$1${HIDDEN}`);
}

/** Pino options for the app's logger, or false for none: the given ones with requests logged this way. */
export function requestLogOptions(logger: boolean | object | undefined, level: string): false | object {
  if (logger === false) return false;
  const options = (typeof logger === 'object' ? logger : { level }) as { serializers?: Record<string, unknown> };
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: hidePrivateTokens(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** Whether the log takes debug lines: otherwise a line is not even put together. */
const logsDebug = (log: FastifyBaseLogger) => log.level === 'debug' || log.level === 'trace';

/** Fastify's own lines about each request, at debug. */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (logsDebug(request.log)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply, {});
      return;
    }
    if (!logsDebug(reply.log)) return;
    reply.log.debug(
      { res: reply, responseTime: reply.elapsedTime },
      `${request.method} ${request.routeOptions.url ?? 'unknown route'} ${reply.statusCode}`,
    );
  }
}
