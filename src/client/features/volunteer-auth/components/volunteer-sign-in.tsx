// The Volunteer tab: ask for a sign-in e-mail, then type the 6-digit code it carries (or open its link).
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { LogIn, MailCheck } from 'lucide-react';
import { POST_SIGN_IN_RELOAD_MS } from '#shared/domain/limits.ts';
import { signInMessages as m } from '#shared/domain/volunteer-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { dismissToast, toast, toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { describeError } from '#client/lib/api-client.ts';
import { volunteerAuthApi } from '#client/lib/calls/volunteer-auth.ts';
import { useRequestSignIn, useVerifyCode } from '../api/volunteer-session.ts';
import { reloadInto } from '../next-path.ts';
import { announceSignIn, onSignInElsewhere } from '../signed-in-elsewhere.ts';

const inputClass =
  'min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white px-3 text-lg text-slate-900 placeholder:text-slate-500 focus:border-civic-800';

const linkButtonClass =
  'inline-flex min-h-11 items-center text-left font-semibold text-civic-800 underline underline-offset-4 hover:text-civic-900 disabled:text-slate-500';

function signInFailed(error: unknown): void {
  toastProblem(m.failedTitle, describeError(error, m.failed).message || m.failed);
}

export function VolunteerSignIn({ next }: { next: string }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestSignIn();
  const emailField = useRef<HTMLInputElement>(null);
  const ids = { email: useId(), name: useId(), help: useId() };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      toastProblem(m.emailRequiredTitle, m.emailRequired);
      emailField.current?.focus();
      return;
    }
    try {
      const answer = await request.mutateAsync({ email: email.trim(), name: name.trim() || null, next });
      dismissToast();
      setSentTo(answer.email);
    } catch (error) {
      signInFailed(error);
    }
  }

  if (sentTo) {
    return (
      <CodeForm
        email={sentTo}
        next={next}
        onStartOver={() => setSentTo(null)}
        onResend={() => request.mutateAsync({ email: sentTo, name: name.trim() || null, next })}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Volunteer sign in">
      <div className="grid gap-2">
        <label htmlFor={ids.email} className="font-semibold text-slate-900">
          Email Address
        </label>
        <input
          ref={emailField}
          id={ids.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-required="true"
          placeholder="you@example.org"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
        />
      </div>
      <div className="grid gap-2">
        <label htmlFor={ids.name} className="font-semibold text-slate-900">
          Name <span className="font-normal text-slate-700">(optional)</span>
        </label>
        <input
          id={ids.name}
          name="name"
          type="text"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className={inputClass}
        />
      </div>
      <p id={ids.help} className="text-sm text-slate-700">
        {m.autoRegistration}
      </p>
      <Button type="submit" disabled={request.isPending} aria-describedby={ids.help}>
        <LogIn aria-hidden="true" className="h-5 w-5" />
        {request.isPending ? m.signingIn : m.signIn}
      </Button>
    </form>
  );
}

interface CodeFormProps {
  email: string;
  next: string;
  onStartOver(): void;
  onResend(): Promise<{ sent: boolean; message: string }>;
}

function CodeForm({ email, next, onStartOver, onResend }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [signedIn, setSignedIn] = useState(false);
  const [resending, setResending] = useState(false);
  const verify = useVerifyCode();
  const ids = { code: useId(), help: useId() };

  // Signed in, here or in another tab: on to where the volunteer was going, once.
  const movedOn = useRef(false);
  function moveOn() {
    if (movedOn.current) return;
    movedOn.current = true;
    setSignedIn(true);
    reloadInto(next, POST_SIGN_IN_RELOAD_MS);
  }
  const signedInElsewhere = useEffectEvent(moveOn);

  // The link may be opened in another tab (or the code typed there): this tab then moves on as well.
  // Another tab says so at once; a phone that froze this tab meanwhile asks the server when it is shown.
  useEffect(() => {
    const stopListening = onSignInElsewhere(() => signedInElsewhere());
    const onShown = () => {
      if (document.visibilityState !== 'visible') return;
      volunteerAuthApi.me().then(
        () => signedInElsewhere(),
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      stopListening();
      document.removeEventListener('visibilitychange', onShown);
    };
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      toastProblem(m.failedTitle, m.codeFormat);
      return;
    }
    try {
      await verify.mutateAsync({ email, code });
    } catch (error) {
      signInFailed(error);
      setCode('');
      return;
    }
    announceSignIn();
    moveOn();
  }

  async function resend() {
    setResending(true);
    try {
      const answer = await onResend();
      if (answer.sent) {
        toastSuccess('E-mail sent', `We have sent a new code to ${email}.`);
      } else {
        toast({ title: 'No new e-mail sent', description: answer.message });
      }
    } catch (error) {
      signInFailed(error);
    } finally {
      setResending(false);
    }
  }

  return (
    <div className="grid gap-5">
      <div role="status" className="grid gap-2">
        <h2 className="flex items-center gap-2 text-xl font-bold text-civic-900">
          <MailCheck aria-hidden="true" className="h-6 w-6" />
          Check your e-mail
        </h2>
        <p className="text-slate-700">
          We have sent a sign-in link and a 6-digit code to{' '}
          <strong className="break-all text-slate-900">{email}</strong>. Open the link, or type the code here. Both work
          once, for 10 minutes.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign-in code">
        <div className="grid gap-2">
          <label htmlFor={ids.code} className="font-semibold text-slate-900">
            6-digit code
          </label>
          <input
            id={ids.code}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            // The field appears in place of the form just submitted: the code is the next thing to do.
            autoFocus
            pattern="[0-9]*"
            maxLength={6}
            required
            aria-required="true"
            aria-describedby={ids.help}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            className={`${inputClass} max-w-56 text-center text-2xl tracking-[0.4em]`}
          />
          <p id={ids.help} className="text-sm text-slate-700">
            The code is in the e-mail from Clean Up Edinburgh.
          </p>
        </div>
        <Button type="submit" disabled={verify.isPending || signedIn || code.length !== 6}>
          {signedIn ? 'Signed in' : verify.isPending ? m.signingIn : m.signIn}
        </Button>
      </form>
      {signedIn && (
        <p role="status" className="font-semibold text-emerald-800">
          You are signed in. Taking you there now...
        </p>
      )}
      <div className="grid justify-items-start gap-1">
        <button type="button" className={linkButtonClass} disabled={resending} onClick={() => void resend()}>
          {resending ? 'Sending...' : 'Send a new code'}
        </button>
        <button type="button" className={linkButtonClass} onClick={onStartOver}>
          Use a different e-mail address
        </button>
      </div>
    </div>
  );
}
