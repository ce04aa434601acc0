// Checking the administrator passcode: against a slow hash, in constant time, at most 5 wrong tries
// per client per 15 minutes (then 429 with the time to wait), every wrong try logged. Wrong tries are
// also counted across every client, since many addresses (an IPv6 block's worth, a botnet) would each
// get their own 5: past a few, one try is checked every 10 seconds; past many, the passcode is locked
// for everyone for 15 minutes, said once in the log as an error and counted in the metrics.
import type { FastifyBaseLogger } from 'fastify';
import { adminAccessMessages } from '#shared/domain/messages.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, UnauthorizedError } from '#server/errors.ts';
import { limitCountersRepository } from '#server/plugins/limit-counters.repository.ts';
import { verifyPasscode } from '#server/secrets.ts';
import { adminAttemptsRepository } from './admin-attempts.repository.ts';
import type { AdminPasscodeEvent } from '#server/plugins/metrics.ts';

const ADMIN_MAX_WRONG = 5;
export const ADMIN_WINDOW_MS = 15 * 60_000;

export interface EveryoneLimits {
  /** Wrong codes from every client within the window after which one try is checked every 10 seconds. */
  slowAfter: number;
  /** Wrong codes from every client within the window that lock the passcode for everyone. */
  lockAfter: number;
}

/**
 * The administrator types the code rarely and gets it right: ten wrong codes from anywhere in
 * 15 minutes is already unusual, fifty is someone guessing. At one check every 10 seconds, fifty take
 * several minutes; then the lock holds for 15. Over a day that is a few thousand guesses at most,
 * against a million codes.
 */
const defaultEveryoneLimits: EveryoneLimits = { slowAfter: 10, lockAfter: 50 };
const SLOW_DOWN_MS = 10_000;
const LOCK_MS = 15 * 60_000;
/** The lock is a counter (limit_counters) whose window is the lock, so every process sees it. */
const LOCK_KEY = 'admin passcode: locked for everyone';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function adminAccessService({
  db,
  clock,
  passcodeHash,
  log,
  everyone: everyoneLimits,
  onEvent = () => {},
}: {
  db: Db;
  clock: Clock;
  passcodeHash: string;
  log: FastifyBaseLogger;
  everyone?: Partial<EveryoneLimits>;
  onEvent?: (event: AdminPasscodeEvent) => void;
}) {
  const attempts = adminAttemptsRepository(db);
  const locks = limitCountersRepository(db);
  const limits = { ...defaultEveryoneLimits, ...everyoneLimits };

  const refuse = (limit: 'client' | 'slow_down' | 'locked', message: string, waitMs: number) => {
    onEvent({ kind: 'refused', limit });
    return new AppError(429, message, {
      title: adminAccessMessages.deniedTitle,
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
    });
  };
  const locked = (waitMs: number) =>
    refuse(
      'locked',
      `Administrator sign-in is paused for ${plural(Math.max(1, Math.ceil(waitMs / 60_000)), 'minute')} after too many wrong access codes. Please try again then.`,
      waitMs,
    );

  /** Locks the passcode for everyone; only the process that began the lock says so. */
  async function lock(now: Date, seen: { count: number; clients: number }): Promise<void> {
    const { hits } = await locks.hit(LOCK_KEY, LOCK_MS, now);
    if (hits !== 1) return;
    onEvent({ kind: 'locked' });
    log.error(
      { wrongCodes: seen.count, clients: seen.clients, lockedUntil: new Date(now.getTime() + LOCK_MS).toISOString() },
      `administrator passcode locked for everyone for 15 minutes: ${seen.count} wrong codes from ${seen.clients} clients in 15 minutes`,
    );
  }

  return {
    /** Resolves when the passcode is right; throws 401 when wrong and 429 when throttled. */
    async check(passcode: string, clientKey: string): Promise<void> {
      const now = clock.now();
      const lockedFor = await locks.read(LOCK_KEY, now);
      if (lockedFor.hits > 0) throw locked(lockedFor.resetsInMs);
      // The try is recorded before the counts, so guesses sent in parallel all see each other: only
      // five of them can find themselves within the limit, however many arrive at once.
      const attemptId = await attempts.record(clientKey, now.toISOString());
      const since = new Date(now.getTime() - ADMIN_WINDOW_MS).toISOString();
      const recent = await attempts.since(clientKey, since);
      if (recent.count > ADMIN_MAX_WRONG && recent.oldest) {
        // A refused try was never checked, so it does not extend the wait.
        await attempts.remove(attemptId);
        const waitMs = new Date(recent.oldest).getTime() + ADMIN_WINDOW_MS - now.getTime();
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw refuse(
          'client',
          `Too many wrong access codes. Please wait ${plural(minutes, 'minute')} and try again.`,
          waitMs,
        );
      }
      const seen = await attempts.everyoneSince(since, attemptId);
      if (seen.count > limits.lockAfter) {
        await attempts.remove(attemptId);
        await lock(now, seen);
        throw locked(LOCK_MS);
      }
      if (seen.count > limits.slowAfter && seen.newestOther) {
        const waitMs = new Date(seen.newestOther).getTime() + SLOW_DOWN_MS - now.getTime();
        if (waitMs > 0) {
          await attempts.remove(attemptId);
          throw refuse(
            'slow_down',
            `Many wrong access codes have been tried just now. Please wait ${plural(Math.ceil(waitMs / 1000), 'second')} and try again.`,
            waitMs,
          );
        }
      }
      if (!/^\d{6}$/.test(passcode) || !(await verifyPasscode(passcode, passcodeHash))) {
        log.warn({ client: clientKey, wrongTries: recent.count }, 'wrong administrator passcode');
        onEvent({ kind: 'wrong' });
        if (seen.count >= limits.lockAfter) await lock(now, seen);
        throw new UnauthorizedError(adminAccessMessages.denied, { title: adminAccessMessages.deniedTitle });
      }
      await attempts.clear(clientKey);
    },
  };
}
