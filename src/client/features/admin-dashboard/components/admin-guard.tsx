// Administrator screens show only with the session-storage flag AND a live administrator session on
// the server. Anyone else goes to the sign-in page's Administrator tab, told why: the screen needs the
// access code, or the administrator session has ended (the flag alone proves nothing). While a screen
// is open, any call refused for want of the session (401, or 403 "only administrators") means it
// ended: the screen leaves for the sign-in page at once instead of showing the refusal.
import { useCallback, useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { accessMessages } from '#shared/domain/permissions.ts';
import { routes } from '#shared/routes.ts';
import { dismissToast } from '#client/lib/use-toast.ts';
import { ApiError, describeError } from '#client/lib/api-client.ts';
import { onRefusal } from '#client/lib/refusals.ts';
import { adminFlag } from '#client/features/admin-access/admin-flag.ts';
import type { AdminNotice, AdminSignInState } from '#client/features/admin-access/admin-sign-in-state.ts';
import { PageLoadFailed } from '#client/components/ui/load-failed.tsx';
import { adminSessionKey, fetchAdminSession } from '../api/admin-session.ts';

/** The administrator session is gone: 401, or a volunteer session refused an administrator call. */
function sessionGone(error: ApiError): boolean {
  return error.status === 401 || (error.status === 403 && error.body?.message === accessMessages.adminOnly);
}

export function AdminGuard({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const flagged = adminFlag.get();
  const session = useQuery({
    queryKey: adminSessionKey,
    queryFn: fetchAdminSession,
    enabled: flagged,
    refetchOnMount: 'always',
  });
  const left = useRef(false);

  const leave = useCallback(
    (notice: AdminNotice) => {
      if (left.current) return;
      left.current = true;
      adminFlag.clear();
      dismissToast();
      // The screen left, as it is: the sign-in page reopens it only if it is an administrator screen
      // (readAdminSignInState).
      const state: AdminSignInState = { adminNotice: notice, returnTo: location };
      navigate(routes.signIn[0], { replace: true, state });
      // What the administrator screens fetched is not for whoever uses this browser next.
      queueMicrotask(() => queryClient.removeQueries({ predicate: (query) => isAdminQuery(query.queryKey) }));
    },
    [location, navigate, queryClient],
  );

  useEffect(
    () =>
      onRefusal((error) => {
        if (!sessionGone(error)) return false;
        leave('ended');
        return true;
      }),
    [leave],
  );

  const ended = session.data === null || (session.error instanceof ApiError && sessionGone(session.error));
  const refused = !flagged || ended;
  // The screen is drawn at a lower priority once the check passes: React then renders it in slices,
  // yielding to the browser between them, rather than in one long task that blocks a tap.
  const allowed = useDeferredValue(!refused && Boolean(session.data));

  useEffect(() => {
    if (refused) leave(flagged ? 'ended' : 'needed');
  }, [refused, flagged, leave]);

  if (session.isError && !ended) {
    return (
      <PageLoadFailed
        title="The dashboard could not be opened"
        message={describeError(session.error).message}
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (refused || !session.data || !allowed) {
    return (
      <div aria-busy="true" className="grid min-h-dvh place-items-center">
        <span className="h-10 w-10 animate-spin rounded-full border-4 border-civic-100 border-t-civic-800" />
        <span className="sr-only">Checking administrator access...</span>
      </div>
    );
  }
  return <>{children}</>;
}

function isAdminQuery(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('/api/admin/');
}
