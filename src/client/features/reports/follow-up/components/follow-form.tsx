// 'Tell me when it is cleaned' on the status page: one optional address; a confirm link goes to it first.
import { useId, useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { followUpMessages as m } from '#shared/domain/follow-up-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { messages } from '#shared/domain/messages.ts';
import { useFollowReport } from '../api/use-report-status.ts';
import { looksLikeEmail } from '../looks-like-email.ts';
import { FieldError } from '../../components/field-error.tsx';

export function FollowForm({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const follow = useFollowReport(token);
  const ids = { email: useId(), help: useId(), error: useId() };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setError(messages.followByEmail.invalid);
      document.getElementById(ids.email)?.focus();
      return;
    }
    setError(null);
    try {
      await follow.mutateAsync(email.trim());
    } catch (failure) {
      setError(describeError(failure, messages.generic.tryAgain).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label={m.followButton}>
      <label htmlFor={ids.email} className="font-semibold text-slate-900">
        Your e-mail address
      </label>
      <p id={ids.help} className="text-sm text-slate-700">
        {messages.followByEmail.help}
      </p>
      <input
        id={ids.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.help, error && ids.error].filter(Boolean).join(' ')}
        className="min-h-12 w-full rounded-xl border-2 border-slate-500 bg-white px-3 py-2 text-lg text-slate-900 focus:border-civic-800"
      />
      <FieldError id={ids.error} message={error} />
      <div role="status">
        {follow.isSuccess && (
          <p className="rounded-xl border-2 border-green-800 bg-green-50 px-4 py-3 text-green-950">
            {follow.data.message}
          </p>
        )}
      </div>
      <Button type="submit" variant="secondary" disabled={follow.isPending} className="justify-self-start">
        <Mail aria-hidden="true" className="h-5 w-5" /> {m.followButton}
      </Button>
    </form>
  );
}
