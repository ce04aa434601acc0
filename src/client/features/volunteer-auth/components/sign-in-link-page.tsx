// The page an e-mailed sign-in link opens: one 'Continue' button. Mail scanners open every link in a
// message, so opening the page spends nothing; only pressing Continue does. The token comes in the address's
// fragment, which never reaches a server, and is dropped from the address bar at once.
import { useEffect, useState } from 'react';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { POST_SIGN_IN_RELOAD_MS } from '#shared/domain/limits.ts';
import { signInMessages as m } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useContinueSignIn } from '../api/volunteer-session.ts';
import { reloadInto, safeNextPath, signInPathFor } from '../next-path.ts';
import { announceSignIn } from '../signed-in-elsewhere.ts';
import { pagePaths } from '#shared/routes.ts';

function readFragment(): { token: string | null; next: string } {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return { token: params.get('token'), next: safeNextPath(params.get('next'), pagePaths.volunteerDashboard) };
}

export default function SignInLinkPage() {
  useDocumentTitle('Finish signing in | Clean Up Edinburgh');
  const [{ token, next }] = useState(readFragment);
  // Out of the address bar (and so out of the history and any screenshot) once read.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  const proceed = useContinueSignIn();
  const [signedIn, setSignedIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : m.linkInvalid);

  async function onContinue() {
    if (!token) return;
    setFailure(null);
    try {
      await proceed.mutateAsync(token);
    } catch (error) {
      setFailure(describeError(error, m.failed).message || m.failed);
      return;
    }
    setSignedIn(true);
    announceSignIn();
    reloadInto(next, POST_SIGN_IN_RELOAD_MS);
  }

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-5 py-12">
      <h1 className="text-3xl font-bold text-civic-900">Finish signing in</h1>
      <p className="text-lg text-slate-700">Press Continue to sign in to Clean Up Edinburgh on this device.</p>
      {failure ? (
        <div role="alert" className="grid gap-3 rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-950">
          <p className="flex items-start gap-2 font-semibold">
            <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            {m.failedTitle}
          </p>
          <p>{failure}</p>
          <p>
            <Link
              href={signInPathFor(pagePaths.volunteerSignIn, next)}
              className="font-semibold text-civic-800 underline underline-offset-4"
            >
              Sign in again
            </Link>
          </p>
        </div>
      ) : (
        <Button className="min-h-14 text-lg" disabled={proceed.isPending || signedIn} onClick={() => void onContinue()}>
          {proceed.isPending ? m.signingIn : 'Continue'}
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Button>
      )}
      {signedIn && (
        <p role="status" className="font-semibold text-emerald-800">
          You are signed in. Taking you there now...
        </p>
      )}
    </div>
  );
}
