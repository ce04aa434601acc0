// Checking the administrator passcode: against a slow hash, in constant time, at most 5 wrong tries
// per client per 15 minutes (then 429 with the time to wait), every wrong try logged.
import type { FastifyBaseLogger } from 'fastify';
import { adminAccessMessages } from '#shared/contracts/admin-access.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, UnauthorizedError } from '#server/errors.ts';
import { verifyPasscode } from '#server/secrets.ts';
import { adminAttemptsRepository } from './admin-attempts.repository.ts';

export const ADMIN_MAX_WRONG = 5;
export const ADMIN_WINDOW_MS = 15 * 60_000;

export function adminAccessService({
  db,
  clock,
  passcodeHash,
  log,
}: {
  db: Db;
  clock: Clock;
  passcodeHash: string;
  log: FastifyBaseLogger;
}) {
  const attempts = adminAttemptsRepository(db);
  return {
    /** Resolves when the passcode is right; throws 401 when wrong and 429 when throttled. */
    async check(passcode: string, clientKey: string): Promise<void> {
      const now = clock.now();
      // The try is recorded before the count, so guesses sent in parallel all see each other: only
      // five of them can find themselves within the limit, however many arrive at once.
      const attemptId = await attempts.record(clientKey, now.toISOString());
      const recent = await attempts.since(clientKey, new Date(now.getTime() - ADMIN_WINDOW_MS).toISOString());
      if (recent.count > ADMIN_MAX_WRONG && recent.oldest) {
        // A refused try was never checked, so it does not extend the wait.
        await attempts.remove(attemptId);
        const waitMs = new Date(recent.oldest).getTime() + ADMIN_WINDOW_MS - now.getTime();
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        throw new AppError(
          429,
          `Too many wrong access codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          {
            title: adminAccessMessages.deniedTitle,
            headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
          },
        );
      }
      if (!/^\d{6}$/.test(passcode) || !(await verifyPasscode(passcode, passcodeHash))) {
        log.warn({ client: clientKey, wrongTries: recent.count }, 'wrong administrator passcode');
        throw new UnauthorizedError(adminAccessMessages.denied, { title: adminAccessMessages.deniedTitle });
      }
      await attempts.clear(clientKey);
    },
  };
}
