// Routes '/events/:id/check-in' (what an event's QR code opens, with `?code=`) and '/check-in' (where a
// volunteer types the code the organiser shows). A signed-in volunteer opening the link is checked in
// at once; someone signed out signs in first and comes back here. A code that has expired or is wrong
// leaves the field to type the one shown now.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Link, useParams, useSearch } from 'wouter';
import type { CheckInResult } from '#shared/contracts/check-in.ts';
import { CHECK_IN_CODE_LENGTH, checkInMessages as m, normaliseCheckInCode } from '#shared/domain/check-in.ts';
import { eventPagePath, pagePaths } from '#shared/routes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { describeError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { RequireVolunteer } from '#client/features/volunteer-auth/components/require-volunteer.tsx';
import { useCheckIn } from '../api/use-check-in.ts';

export default function CheckInPage() {
  useDocumentTitle(`${m.title} | Clean Up Edinburgh`);
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-5 py-8">
      <h1 className="text-3xl font-bold text-civic-900">Check in at a MUCU event</h1>
      <RequireVolunteer signInPage={pagePaths.volunteerSignIn}>{() => <CheckIn />}</RequireVolunteer>
    </div>
  );
}

function CheckIn() {
  const params = useParams<{ id?: string }>();
  const eventId = params.id ? Number(params.id) : undefined;
  const linkCode = new URLSearchParams(useSearch()).get('code') ?? '';
  const checkIn = useCheckIn();
  const [done, setDone] = useState<CheckInResult | null>(null);
  const [typed, setTyped] = useState('');
  const ids = { code: useId(), help: useId(), error: useId() };
  const tried = useRef(false);

  const submit = (code: string) =>
    checkIn.mutate({ code, ...(eventId ? { eventId } : {}) }, { onSuccess: (result) => setDone(result) });

  // Opening the QR code's link checks in at once (once, even when React runs the effect twice).
  useEffect(() => {
    if (tried.current || !linkCode) return;
    tried.current = true;
    submit(linkCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening the link
  }, []);

  if (done) {
    return (
      <section
        aria-labelledby="checked-in"
        className="grid gap-3 rounded-2xl border-2 border-emerald-700 bg-emerald-50 p-5"
      >
        <h2 id="checked-in" className="flex items-center gap-2 text-xl font-bold text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="h-6 w-6" />
          {done.recorded ? 'Checked in' : 'Already checked in'}
        </h2>
        <p role="status" className="text-slate-900">
          {done.message}
        </p>
        <p>
          <Link
            href={eventPagePath(done.event.id)}
            className="font-semibold text-civic-800 underline underline-offset-4"
          >
            See the event&apos;s page
          </Link>
        </p>
      </section>
    );
  }

  const failure = checkIn.isError ? describeError(checkIn.error).message : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (normaliseCheckInCode(typed).length === 0) return;
    submit(typed);
  };

  return (
    <div className="grid gap-4">
      {checkIn.isPending && linkCode && !typed && (
        <p role="status" className="text-slate-800">
          Checking you in...
        </p>
      )}
      {failure && (
        <p id={ids.error} role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {failure}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={m.title}>
        <label htmlFor={ids.code} className="font-semibold text-slate-900">
          {m.codeLabel}
        </label>
        <input
          id={ids.code}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CHECK_IN_CODE_LENGTH + 2}
          required
          aria-required="true"
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${ids.help} ${ids.error}` : ids.help}
          value={typed}
          onChange={(event) => setTyped(event.target.value.toUpperCase())}
          className={`${inputClass} max-w-56 text-center font-mono text-2xl tracking-[0.3em]`}
        />
        <p id={ids.help} className="text-sm text-slate-700">
          The organiser&apos;s phone shows a QR code and a {CHECK_IN_CODE_LENGTH}-letter code that changes every minute.
          Scan the QR code with your camera, or type the code here.
        </p>
        <Button type="submit" className="justify-self-start" disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Checking in...' : m.submit}
        </Button>
      </form>
    </div>
  );
}
