// The sign-in page: Back to Home and two tabs. Volunteer: e-mail (required) and name (optional), then "check
// your e-mail" with a field for the 6-digit code; after signing in the page reloads shortly into
// where the volunteer was going. Administrator: the access code form, opened first (and saying why) when an
// administrator screen sent the visitor here.
import * as Tabs from '#client/components/ui/tabs.tsx';
import { ArrowLeft, KeyRound, UserRound } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { readAdminSignInState } from '#client/features/admin-access/admin-sign-in-state.ts';
import { PrivacyLink } from '#client/components/ui/privacy-link.tsx';
import { AdminAccessForm } from '#client/features/admin-access/components/admin-access-form.tsx';
import { useCurrentVolunteer } from '../api/volunteer-session.ts';
import { safeNextPath } from '../next-path.ts';
import { VolunteerSignIn } from './volunteer-sign-in.tsx';
import { pagePaths, routes } from '#shared/routes.ts';

const tabClass =
  'inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg px-3 text-base font-semibold text-slate-700 ' +
  'hover:text-civic-900 data-[state=active]:bg-white data-[state=active]:text-civic-900 data-[state=active]:shadow';

export default function SignInPage() {
  useDocumentTitle('Sign In | Clean Up Edinburgh');
  const params = new URLSearchParams(useSearch());
  const next = safeNextPath(params.get('next'), pagePaths.volunteerDashboard);
  const current = useCurrentVolunteer();
  const sentByAdminScreen = readAdminSignInState(useHistoryState<unknown>());

  return (
    <div className="mx-auto grid max-w-lg gap-6 px-5 py-8">
      <p>
        <Link
          href={routes.home}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-4 font-semibold text-civic-800 hover:bg-civic-50"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
          Back to Home
        </Link>
      </p>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-civic-900">Sign in</h1>
        <p className="text-slate-700">Volunteers sign in with their e-mail address: no password needed.</p>
        <p className="text-slate-700">
          <PrivacyLink>How we use your e-mail address and your data</PrivacyLink>
        </p>
      </div>

      {current.data && (
        <p role="status" className="rounded-xl border-2 border-emerald-700 bg-emerald-50 p-4 text-emerald-950">
          You are signed in as <strong>{current.data.name ?? current.data.email}</strong>.{' '}
          <a href={next} className="font-semibold underline underline-offset-4">
            Continue
          </a>
        </p>
      )}

      <Tabs.Root
        defaultValue={params.get('tab') === 'administrator' || sentByAdminScreen ? 'administrator' : 'volunteer'}
        className="grid gap-4"
      >
        <Tabs.List aria-label="Sign in as" className="flex gap-1 rounded-xl bg-stone-warm p-1">
          <Tabs.Trigger value="volunteer" className={tabClass}>
            <UserRound aria-hidden="true" className="h-5 w-5" />
            Volunteer
          </Tabs.Trigger>
          <Tabs.Trigger value="administrator" className={tabClass}>
            <KeyRound aria-hidden="true" className="h-5 w-5" />
            Administrator
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="volunteer" className="rounded-2xl border border-stone-300 bg-white p-5 shadow-sm">
          <VolunteerSignIn next={next} />
        </Tabs.Content>
        <Tabs.Content value="administrator" className="rounded-2xl border border-stone-300 bg-white p-5 shadow-sm">
          <AdminAccessForm sentBy={sentByAdminScreen} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
