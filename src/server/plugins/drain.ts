// Graceful shutdown. Node's server.close() drops a connection whose request body is still arriving
// (a phone uploading a photo on a weak signal), so shutdown first drains: new requests are answered
// 503 with `Connection: close`, requests already in flight finish, and only then does the server close.
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking requests and resolves once those in flight have been answered. */
    drain(): Promise<void>;
    /** True once the server has begun to drain or close. */
    isDraining(): boolean;
    /**
     * `end` is called when draining begins (or at once, if it has): a long-lived answer (the report
     * list's change stream) ends itself then, so the drain does not wait for it. Returns the way to stop.
     */
    onDrain(end: () => void): () => void;
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
  const enders = new Set<() => void>();
  const startDraining = () => {
    draining = true;
    for (const end of enders) end();
    enders.clear();
  };

  app.addHook('onRequest', async (request, reply) => {
    if (draining && !request.routeOptions.config.answersWhileDraining) {
      return reply
        .status(503)
        .header('Connection', 'close')
        .header('Retry-After', '5')
        .send(errorBody(503, 'The server is restarting. Please try again in a moment.'));
    }
    inFlight++;
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) onIdle?.();
    });
  });

  // Closing without a drain first (a test, a second signal) turns requests away the same way: with
  // Retry-After and the message above, never Fastify's bare 503.
  app.addHook('preClose', async () => startDraining());

  app.decorate('isDraining', () => draining);
  app.decorate('onDrain', (end: () => void) => {
    if (draining) {
      end();
      return () => undefined;
    }
    enders.add(end);
    return () => enders.delete(end);
  });
  app.decorate('drain', () => {
    startDraining();
    if (inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => (onIdle = resolve));
  });
}
