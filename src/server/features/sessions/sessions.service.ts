// Sessions: a random id of 256 bits in an HTTP-only cookie, stored only as its SHA-256 hash, with an
// absolute lifetime and an idle timeout per kind. Ending one deletes its row.
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '#server/clock.ts';
import { toIso } from '#server/db/tables.ts';
import type { ResolvedSession, SessionKind, SessionStartWrite, SessionStore } from '#server/plugins/auth.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export type { ResolvedSession, SessionKind, SessionStartWrite };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const sessionLifetimes: Record<SessionKind, { absoluteMs: number; idleMs: number }> = {
  volunteer: { absoluteMs: 30 * DAY, idleMs: 7 * DAY },
  admin: { absoluteMs: 12 * 60 * MINUTE, idleMs: 30 * MINUTE },
};

/** last_seen_at is written at most this often, so polling does not write on every request. */
const TOUCH_EVERY_MS = MINUTE;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function sessionsService({ repository, clock }: { repository: SessionsRepository; clock: Clock }): SessionStore {
  return {
    /** Starts a session; `alsoInTransaction` is written with it (a sign-in's audit entry), or neither is kept. */
    async start(kind, volunteerId, alsoInTransaction) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + sessionLifetimes[kind].absoluteMs);
      await repository.insert(
        {
          id_hash: hash(token),
          kind,
          volunteer_id: volunteerId,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: expiresAt.toISOString(),
        },
        alsoInTransaction && ((trx) => alsoInTransaction(trx, token)),
      );
      return { token, expiresAt };
    },

    /** The live session for a cookie value, or null; expired and idle sessions are deleted. */
    async resolve(token: string, kind: SessionKind): Promise<ResolvedSession | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const idHash = hash(token);
      const row = await repository.find(idHash);
      if (!row || row.kind !== kind) return null;
      const now = clock.now();
      const lastSeen = new Date(toIso(row.last_seen_at)).getTime();
      const expired = new Date(toIso(row.expires_at)).getTime() <= now.getTime();
      const idle = now.getTime() - lastSeen > sessionLifetimes[kind].idleMs;
      if (expired || idle) {
        await repository.remove(idHash);
        return null;
      }
      if (now.getTime() - lastSeen > TOUCH_EVERY_MS) await repository.touch(idHash, now.toISOString());
      return {
        kind,
        volunteer:
          row.volunteer_id !== null && row.email ? { id: row.volunteer_id, email: row.email, name: row.name } : null,
      };
    },

    async end(token: string): Promise<void> {
      await repository.remove(hash(token));
    },
  };
}
