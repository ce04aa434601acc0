// What Fastify itself logs about each request. Every open dashboard polls every 5 s, so a line per
// request at info would drown what matters: requests are logged at debug (LOG_LEVEL=debug) as they
// arrive and as they are answered; a request that failed is still logged by Fastify at its own level.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply, {});
      return;
    }
    reply.log.debug(
      { res: reply, responseTime: reply.elapsedTime },
      `${request.method} ${request.routeOptions.url ?? 'unknown route'} ${reply.statusCode}`,
    );
  }
}
