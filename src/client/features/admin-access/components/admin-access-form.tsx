// The sign-in page's Administrator tab: an Access Code of at most 6 characters and the 'Administrator
// Access' button. The code is checked by the server; a wrong one clears the field, and its 'Access Denied'
// toast goes once the right one is accepted. Sent here by an administrator screen, the form says why above
// the field (which reads it out, focused) and returns to that screen.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { KeyRound } from 'lucide-react';
import { adminAccessMessages } from '#shared/domain/messages.ts';
import { ADMIN_PASSCODE_LENGTH } from '#shared/domain/limits.ts';
import { routes } from '#shared/routes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { dismissToast, toastProblem } from '#client/lib/use-toast.ts';
import { ApiError, describeError } from '#client/lib/api-client.ts';
import { useAdminSignIn } from '../api/use-admin-access.ts';
import { adminNoticeText, type AdminSignInState } from '../admin-sign-in-state.ts';

export function AdminAccessForm({ sentBy = null }: { sentBy?: AdminSignInState | null }) {
  const [passcode, setPasscode] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const signIn = useAdminSignIn();
  const [, navigate] = useLocation();
  const id = useId();
  const noticeId = `${id}-notice`;

  const notice = sentBy?.adminNotice;
  useEffect(() => {
    if (notice) field.current?.focus();
  }, [notice]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await signIn.mutateAsync(passcode);
    } catch (error) {
      const refused = error instanceof ApiError && (error.status === 401 || error.status === 400);
      const { title, message } = describeError(error);
      toastProblem(title ?? adminAccessMessages.deniedTitle, refused ? adminAccessMessages.denied : message);
      setPasscode('');
      field.current?.focus();
      return;
    }
    dismissToast();
    navigate(sentBy?.returnTo ?? routes.adminDashboard);
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Administrator access">
      {sentBy && (
        <p id={noticeId} className="rounded-xl border-2 border-amber-700 bg-amber-50 p-3 font-semibold text-amber-950">
          {adminNoticeText(sentBy.adminNotice)}
        </p>
      )}
      <div className="grid gap-2">
        <label htmlFor={id} className="font-semibold text-slate-900">
          Access Code
        </label>
        <input
          ref={field}
          id={id}
          name="passcode"
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={ADMIN_PASSCODE_LENGTH}
          aria-describedby={sentBy ? noticeId : undefined}
          required
          value={passcode}
          onChange={(event) => setPasscode(event.target.value.slice(0, ADMIN_PASSCODE_LENGTH))}
          className="min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white px-3 text-lg tracking-[0.4em] text-slate-900 focus:border-civic-800"
        />
      </div>
      <Button type="submit" variant="secondary" disabled={signIn.isPending || passcode.length === 0}>
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {adminAccessMessages.button}
      </Button>
    </form>
  );
}
