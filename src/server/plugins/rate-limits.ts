// Per-client limits (report submissions, sign-in requests and code tries, location conversions) by
// @fastify/rate-limit, each route stating its own in `config.rateLimit`, each client counted by the
// key client-key.ts gives its address. On SQLite the one process
// counts in memory; on PostgreSQL the counts live in the database (limit_counters), so a limit holds
// however many processes serve the clients, and across restarts. Windows end by the app's clock.
import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '#server/clock.ts';
import type { DatabaseHandle, Db } from '#server/db/client.ts';
import { clientKeyOf } from '#server/http/client-key.ts';
import { limitCountersRepository } from './limit-counters.repository.ts';

/** Ended windows are cleared at most this often, by whichever process counts a hit then. */
const SWEEP_EVERY_MS = 10 * 60_000;

export async function registerRateLimits(
  app: FastifyInstance,
  { database, clock }: { database: DatabaseHandle; clock: Clock },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // An IPv6 client counts by its /64, an IPv4 one by its address.
    keyGenerator: (request) => clientKeyOf(request.ip),
    ...(database.dialect === 'postgres' ? { store: sharedLimitStore(database.db, clock) } : {}),
  });
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store interface over limit_counters: `incr` counts a hit and answers the count
 * and the time left in the window; `child` gives each limited route counters of its own, keyed by its
 * method and path (the route options carry them as `routeInfo`).
 */
function sharedLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  const counters = limitCountersRepository(db);
  let nextSweep = 0;
  const answer = (promise: Promise<{ hits: number; resetsInMs: number }>, callback: Callback) => {
    promise.then(
      ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  return class SharedLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url} ` : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now();
      answer(counters.hit(this.prefix + key, timeWindow, now), callback);
      if (now.getTime() >= nextSweep) {
        nextSweep = now.getTime() + SWEEP_EVERY_MS;
        counters.deleteEnded(now).catch(() => undefined);
      }
    }

    read(key: string, callback: Callback): void {
      answer(counters.read(this.prefix + key, clock.now()), callback);
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new SharedLimitStore(routeOptions);
    }
  };
}
