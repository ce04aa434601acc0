// A screen for signed-in volunteers: a spinner while the session is resolved, then either the screen or a
// redirect to the sign-in page that comes back here afterwards.
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { Volunteer } from '#shared/contracts/volunteer-auth.ts';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { useCurrentVolunteer } from '../api/volunteer-session.ts';
import { signInPathFor } from '../next-path.ts';
import { PageLoadFailed } from '#client/components/ui/load-failed.tsx';

interface RequireVolunteerProps {
  /** Which sign-in path to send a signed-out visitor to. */
  signInPage: string;
  children(volunteer: Volunteer): ReactNode;
}

export function RequireVolunteer({ signInPage, children }: RequireVolunteerProps) {
  const session = useCurrentVolunteer();
  const [, navigate] = useLocation();
  const signedOut = session.isSuccess && session.data === null;
  // The screen is first drawn at a lower priority: React renders it in slices, yielding to the browser
  // between them, rather than in one long task that blocks a tap.
  const shown = useDeferredValue(Boolean(session.data));

  useEffect(() => {
    if (!signedOut) return;
    const here = `${window.location.pathname}${window.location.search}`;
    navigate(signInPathFor(signInPage, here), { replace: true });
  }, [signedOut, signInPage, navigate]);

  if (session.isError) {
    return (
      <PageLoadFailed
        title="We could not check your sign-in"
        message="Check your connection, then try again."
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (!session.data || !shown) return <PageSpinner label="Checking your sign-in..." />;
  return <>{children(session.data)}</>;
}
