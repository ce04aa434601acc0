// Connections that stay open (a change stream, a body still arriving) are a resource each client may
// hold only a few of, and the process only so many in all: past that, a file descriptor or a socket
// more for one client is one less for everyone's health checks, lists and uploads.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';

export interface SlotLimits {
  /** Held at once by one client (an IPv4 address, or an IPv6 /64: see client-key.ts). */
  perClient: number;
  /** Held at once by every client together, in this process. */
  total: number;
}

export type SlotTaken = { release: () => void; refused?: undefined };
export type SlotRefused = { refused: 'client' | 'total' };

export function clientSlots(limits: SlotLimits) {
  const held = new Map<string, number>();
  let total = 0;
  return {
    get held() {
      return total;
    },
    /** A place for `client`, given back by `release` (once, however often it is called), or why there is none. */
    take(client: string): SlotTaken | SlotRefused {
      const mine = held.get(client) ?? 0;
      if (mine >= limits.perClient) return { refused: 'client' };
      if (total >= limits.total) return { refused: 'total' };
      held.set(client, mine + 1);
      total++;
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          total--;
          const left = (held.get(client) ?? 1) - 1;
          if (left > 0) held.set(client, left);
          else held.delete(client);
        },
      };
    },
  };
}

/** How often, at most, turned-away requests of one kind are written to the log. */
const REFUSAL_LOG_EVERY_MS = 60_000;

/**
 * Requests turned away by a limit, written to the log as a warning at most once a minute, with how
 * many there were since the line before: a flood of them is one line a minute, not one per request.
 */
export function refusalLog(log: Pick<FastifyBaseLogger, 'warn'>, clock: Clock, message: string) {
  let lastAt = -Infinity;
  let perClient = 0;
  let inAll = 0;
  return (reason: SlotRefused['refused'], held: number) => {
    if (reason === 'client') perClient++;
    else inAll++;
    const now = clock.now().getTime();
    if (now - lastAt < REFUSAL_LOG_EVERY_MS) return;
    lastAt = now;
    log.warn({ turnedAway: perClient + inAll, perClient, inAll, held }, message);
    perClient = 0;
    inAll = 0;
  };
}
