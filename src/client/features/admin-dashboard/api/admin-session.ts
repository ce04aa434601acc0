// The administrator session check every administrator screen waits for, which may be started early:
// while the screen's code loads (see app.tsx), not after it.
import type { QueryClient } from '@tanstack/react-query';
import { REPORTS_POLL_MS } from '#shared/domain/limits.ts';
import { signedOutAsNull } from '#client/lib/api.ts';
import { adminAccessApi } from '#client/lib/calls/admin-access.ts';
import { headStart } from '#client/lib/head-start.ts';

export const adminSessionKey = [adminAccessApi.session.url()] as const;

const early = headStart<Awaited<ReturnType<typeof adminAccessApi.session>>>(REPORTS_POLL_MS);

/**
 * Starts the check now, for the screen about to open. A session confirmed before the screen's code
 * has arrived is in the cache when it does, so the screen opens on it at once (and checks again on
 * opening, as it always does, taking this same answer).
 */
export function startAdminSessionCheck(queryClient: QueryClient): void {
  early
    .start(() => adminAccessApi.session())
    .then(
      (session) => {
        if (queryClient.getQueryData(adminSessionKey) === undefined) queryClient.setQueryData(adminSessionKey, session);
      },
      () => undefined,
    );
}

/** The session, or null when there is none (401): the early answer if there is a recent one. */
export function fetchAdminSession() {
  return signedOutAsNull(early.take() ?? adminAccessApi.session());
}
