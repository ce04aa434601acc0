// Open311 API keys on the analytics tab: administrators issue a key for a partner app (named, shown
// once), see each key's use, and revoke it. Every service request a key posts is marked with its name.
import { useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import type { IssuedApiKey } from '#shared/contracts/open311-partners.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { describeError } from '#client/lib/api-client.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { useApiKeys, useIssueApiKey, useRevokeApiKey } from '../api/use-api-keys.ts';
import { CallError } from '#client/components/ui/load-failed.tsx';
import { Loading } from '#client/components/ui/loading.tsx';

export function ApiKeysCard() {
  const keys = useApiKeys();
  const issue = useIssueApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const nameId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      setIssued(await issue.mutateAsync(name));
      setName('');
    } catch (error) {
      setProblem(describeError(error).message);
    }
  }

  async function onRevoke(id: number, partner: string) {
    try {
      await revoke.mutateAsync(id);
      if (issued?.key.id === id) setIssued(null);
      toastSuccess('API key revoked', `${partner} can no longer post service requests with it.`);
    } catch (error) {
      errorToast('The API key was not revoked', error);
    }
  }

  return (
    <Card
      id="open311-api-keys"
      title="Open311 API keys"
      icon={<KeyRound aria-hidden="true" className="h-5 w-5 text-civic-700" />}
      className="gap-4 border-stone-200"
    >
      <p className="text-sm text-slate-700">
        Partner apps post service requests to <code>/open311/v2/requests.xml</code> with an <code>api_key</code>. Each
        service request is marked with the key's partner name. A key is shown once, when it is issued.
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field id={nameId} label="Partner name">
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={80}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${nameId}-problem` : undefined}
            className={inputClass}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={issue.isPending}>
          {issue.isPending ? 'Issuing...' : 'Issue API key'}
        </Button>
        {problem && (
          <p id={`${nameId}-problem`} role="alert" className="text-sm font-semibold text-red-800 sm:col-span-2">
            {problem}
          </p>
        )}
      </form>
      {issued && (
        <div role="status" className="grid gap-2 rounded-xl border-2 border-civic-700 bg-civic-50 p-4">
          <p className="font-semibold text-slate-900">
            API key for {issued.key.name}. Copy it now: it will not be shown again.
          </p>
          <code data-testid="issued-api-key" className="break-all rounded-lg bg-white px-3 py-2 text-sm text-slate-900">
            {issued.secret}
          </code>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(issued.secret)}>
              Copy API key
            </Button>
            <Button variant="outline" onClick={() => setIssued(null)}>
              Done
            </Button>
          </div>
        </div>
      )}
      {keys.isPending ? (
        <Loading busy>Loading the API keys...</Loading>
      ) : keys.isError ? (
        <CallError error={keys.error} />
      ) : keys.data.length === 0 ? (
        <p className="rounded-xl bg-stone-100 px-4 py-4 text-center text-slate-700">No API keys issued yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="API keys">
          {keys.data.map((key) => (
            <li
              key={key.id}
              className="grid gap-2 rounded-xl border border-stone-200 p-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <span className="grid gap-0.5">
                <span className="font-semibold text-slate-900">
                  {key.name} <span className="font-normal text-slate-700">(key ending {key.hint})</span>
                </span>
                <span className="text-sm text-slate-700">
                  Issued {formatDateTime(key.createdAt)} ·{' '}
                  {key.requests === 1 ? '1 service request' : `${key.requests} service requests`}
                  {key.lastUsedAt ? ` · last used ${formatDateTime(key.lastUsedAt)}` : ''}
                </span>
                {key.revokedAt && (
                  <span className="text-sm font-semibold text-red-800">Revoked {formatDateTime(key.revokedAt)}</span>
                )}
              </span>
              {!key.revokedAt && (
                <Button
                  variant="outline"
                  className="justify-self-start"
                  aria-label={`Revoke API key for ${key.name}`}
                  disabled={revoke.isPending}
                  onClick={() => void onRevoke(key.id, key.name)}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
