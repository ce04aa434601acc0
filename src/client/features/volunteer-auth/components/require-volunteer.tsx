// A screen for signed-in volunteers: a spinner while the session is resolved, then either the screen or a
// redirect to the sign-in page that comes back here afterwards.
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { Volunteer } from '#shared/contracts/volunteer-auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { useCurrentVolunteer } from '../api/volunteer-session.ts';
import { signInPathFor } from '../next-path.ts';

export interface RequireVolunteerProps {
  /** Which sign-in path to send a signed-out visitor to. */
  signInPage: string;
  children(volunteer: Volunteer): ReactNode;
}

export function RequireVolunteer({ signInPage, children }: RequireVolunteerProps) {
  const session = useCurrentVolunteer();
  const [, navigate] = useLocation();
  const signedOut = session.isSuccess && session.data === null;

  useEffect(() => {
    if (!signedOut) return;
    const here = `${window.location.pathname}${window.location.search}`;
    navigate(signInPathFor(signInPage, here), { replace: true });
  }, [signedOut, signInPage, navigate]);

  if (session.isError) {
    return (
      <div role="alert" className="mx-auto grid max-w-xl gap-4 px-5 py-16">
        <h1 className="text-2xl font-bold text-civic-900">We could not check your sign-in</h1>
        <p className="text-slate-700">Check your connection, then try again.</p>
        <p>
          <Button variant="secondary" onClick={() => void session.refetch()}>
            Try again
          </Button>
        </p>
      </div>
    );
  }
  if (!session.data) return <PageSpinner label="Checking your sign-in..." />;
  return <>{children(session.data)}</>;
}
