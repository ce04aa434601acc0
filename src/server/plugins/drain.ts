// Graceful shutdown. Node's server.close() drops a connection whose request body is still arriving
// (a phone uploading a photo on a weak signal), so shutdown first drains: new requests are answered
// 503 with `Connection: close`, requests already in flight finish, and only then does the server close.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking requests and resolves once those in flight have been answered. */
    drain(): Promise<void>;
    /** True once the server has begun to drain or close. */
    isDraining(): boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route answers for itself while the server drains (the health probes, which say so in their
     * own words) instead of hearing the restart 503.
     */
    answersWhileDraining?: boolean;
  }
}

export function registerDrain(app: FastifyInstance): void {
  let inFlight = 0;
  let draining = false;
  let onIdle: (() => void) | undefined;

  app.addHook('onRequest', async (request, reply) => {
    if (draining && !request.routeOptions.config.answersWhileDraining) {
      return reply.status(503).header('Connection', 'close').header('Retry-After', '5').send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The server is restarting. Please try again in a moment.',
      });
    }
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    });
  });

  // Closing without a drain first (a test, a second signal) turns requests away the same way: with
  // Retry-After and the message above, never Fastify's bare 503.
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.decorate('isDraining', () => draining);
  app.decorate('drain', () => {
    draining = true;
    if (inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => (onIdle = resolve));
  });
}
