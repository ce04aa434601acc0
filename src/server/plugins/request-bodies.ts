// Request bodies still arriving. Node gives a whole request 120 s (a phone uploading a photo on a
// weak signal), and a client trickling bodies a byte at a time (slowloris) would hold a connection
// that long for each request it opens. So a client may have only a few bodies arriving at once, the
// process only so many in all (more are refused at once, before a byte of the body is read, and
// their connection is closed), and a body that goes silent is cut off well before the 120 s.
import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '#server/clock.ts';
import { clientKeyOf } from '#server/http/client-key.ts';
import { clientSlots, refusalLog, type SlotLimits } from '#server/http/client-slots.ts';
import { errorBody } from './error-handler.ts';

export interface RequestBodyLimits extends SlotLimits {
  /** How long a body may send nothing at all before its connection is closed. */
  idleMs: number;
}

/**
 * A phone sends its reports one after another, so a few at once per address leaves room for a
 * household or an office behind one. The total keeps connections for everyone's reads. Thirty
 * seconds without a byte is a lost signal, not a slow one.
 */
const defaultRequestBodyLimits: RequestBodyLimits = { perClient: 8, total: 256, idleMs: 30_000 };

const RETRY_AFTER_SECONDS = 10;
const requestBodyRefusals = {
  client: 'Too many uploads are arriving from your network at once. Please try again in a moment.',
  total: 'The server is receiving too many uploads just now. Please try again in a moment.',
} as const;

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

export function registerRequestBodyLimits(
  app: FastifyInstance,
  { limits, clock }: { limits?: Partial<RequestBodyLimits>; clock: Clock },
): void {
  const { idleMs, ...slotLimits } = { ...defaultRequestBodyLimits, ...limits };
  const bodies = clientSlots(slotLimits);
  const logRefusal = refusalLog(app.log, clock, 'uploads turned away: too many bodies arriving at once');

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Only connections are bounded: a request injected in the process (a test's) holds none.
    if (!hasBody(request) || !(request.raw.socket instanceof net.Socket)) return undefined;
    const slot = bodies.take(clientKeyOf(request.ip));
    if (slot.refused) {
      logRefusal(slot.refused, bodies.held);
      const statusCode = slot.refused === 'client' ? 429 : 503;
      // The body is not read: the connection closes once the answer is out, instead of taking it in.
      return reply
        .status(statusCode)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Connection', 'close')
        .send(errorBody(statusCode, requestBodyRefusals[slot.refused]));
    }
    const { socket } = request.raw;
    const silent = () => {
      request.log.info({ idleMs }, 'a request body stopped arriving: its connection was closed');
      socket.destroy();
    };
    socket.setTimeout(idleMs, silent);
    // The place is held until the body has arrived (or never will), whenever the answer went: a body
    // a route did not read is still taken in after the answer, on the same connection.
    const done = () => {
      slot.release();
      socket.removeListener('timeout', silent);
      // Unless Node has moved on to the keep-alive wait, the connection has the server's own timeout again.
      if (!socket.destroyed && socket.timeout === idleMs) socket.setTimeout(app.server.timeout);
    };
    request.raw.once('end', done);
    request.raw.once('close', done);
    return undefined;
  });
}
