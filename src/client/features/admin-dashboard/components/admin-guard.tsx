// Administrator screens show only with the session-storage flag AND a live administrator session on
// the server; anyone else is sent to the sign-in page (the flag alone proves nothing).
import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { adminAccessPaths } from '#shared/contracts/paths.ts';
import type { AdminSession } from '#shared/contracts/admin-access.ts';
import { routes } from '#shared/routes.ts';
import { ApiError, describeError, getQueryFn } from '#client/lib/api-client.ts';
import { adminFlag } from '#client/features/admin-access/admin-flag.ts';

export function AdminGuard({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const flagged = adminFlag.get();
  const session = useQuery({
    queryKey: [adminAccessPaths.session],
    queryFn: getQueryFn<AdminSession>({ on401: 'returnNull' }),
    enabled: flagged,
    refetchOnMount: 'always',
  });
  // 401: no administrator session. 403: signed in as a volunteer but the administrator session has
  // lapsed (or, with ADMIN_EMAILS, this volunteer is not one of them). Either way: sign in again.
  const sessionEnded = session.error instanceof ApiError && session.error.status === 403;
  const refused = !flagged || session.data === null || sessionEnded;

  useEffect(() => {
    if (!refused) return;
    adminFlag.clear();
    navigate(routes.signIn[0], { replace: true });
  }, [refused, navigate]);

  if (session.isError && !sessionEnded) {
    return (
      <div role="alert" className="mx-auto grid max-w-xl gap-3 px-5 py-16">
        <h1 className="text-2xl font-bold text-civic-900">The dashboard could not be opened</h1>
        <p className="text-slate-700">{describeError(session.error).message}</p>
        <p>
          <button
            type="button"
            onClick={() => void session.refetch()}
            className="inline-flex min-h-11 items-center rounded-xl bg-civic-800 px-5 font-semibold text-white"
          >
            Try again
          </button>
        </p>
      </div>
    );
  }
  if (refused || !session.data) {
    return (
      <div aria-busy="true" className="grid min-h-[60vh] place-items-center">
        <span className="h-10 w-10 animate-spin rounded-full border-4 border-civic-100 border-t-civic-800" />
        <span className="sr-only">Checking administrator access...</span>
      </div>
    );
  }
  return <>{children}</>;
}
