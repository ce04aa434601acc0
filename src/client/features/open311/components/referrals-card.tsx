// Referrals on the analytics tab: an administrator refers a report (by its reference) to the body
// responsible for the wall, from the bodies the operator configured, and sees each referral's state
// and the body's last answer. A referred report is not offered to volunteers. A referral that could not
// be sent says so, with the last answer, and is sent again or withdrawn from here.
import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import type { ReferralState } from '#shared/contracts/open311-partners.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { describeError } from '#client/lib/api-client.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { useRefer, useReferrals, useResponsibleBodies } from '../api/use-referrals.ts';
import { ReferralActions } from './referral-actions.tsx';
import { CallError } from '#client/components/ui/load-failed.tsx';

const stateWords: Record<ReferralState, string> = {
  waiting: 'Waiting to be sent',
  sent: 'Sent, waiting for the owner',
  closed: 'Cleaned by the owner',
  failed: 'Could not be sent',
  withdrawn: 'Withdrawn: offered to volunteers again',
};

export function ReferralsCard() {
  const bodies = useResponsibleBodies();
  const referrals = useReferrals();
  const refer = useRefer();
  const [reportId, setReportId] = useState('');
  const [bodyId, setBodyId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { report: useId(), body: useId() };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const id = Number(reportId.replace(/^#/, '').trim());
    if (!Number.isInteger(id) || id < 1) return setProblem('Enter the report’s reference number.');
    if (!bodyId) return setProblem('Choose who is responsible.');
    try {
      const referral = await refer.mutateAsync({ reportId: id, bodyId });
      toastSuccess('Report referred', `Reference #${referral.reportId} goes to ${referral.bodyName}.`);
      setReportId('');
    } catch (error) {
      setProblem(describeError(error).message);
    }
  }

  const configured = bodies.data ?? [];
  return (
    <Card
      id="referrals"
      title="Referrals to owners"
      icon={<Send aria-hidden="true" className="h-5 w-5 text-civic-700" />}
      className="gap-4 border-stone-200"
    >
      <p className="text-sm text-slate-700">
        Graffiti volunteers may not clean without the owner’s consent is referred to the body responsible for it. A
        referred report is not offered to volunteers; when the owner closes it, it is marked cleaned and the reporter is
        told. A referral withdrawn offers the report to volunteers again.
      </p>
      {bodies.isSuccess && configured.length === 0 ? (
        <p className="rounded-xl bg-stone-100 px-4 py-4 text-slate-700">
          No responsible bodies are configured. The operator lists them in the REFERRAL_BODIES setting.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <Field id={ids.report} label="Report reference">
            <input
              id={ids.report}
              value={reportId}
              onChange={(event) => setReportId(event.target.value)}
              inputMode="numeric"
              autoComplete="off"
              placeholder="#"
              className={inputClass}
            />
          </Field>
          <Field id={ids.body} label="Responsible body">
            <select
              id={ids.body}
              value={bodyId}
              onChange={(event) => setBodyId(event.target.value)}
              className={inputClass}
            >
              <option value="">Choose…</option>
              {configured.map((body) => (
                <option key={body.id} value={body.id}>
                  {body.name} ({body.via === 'open311' ? 'Open311' : 'e-mail'})
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" variant="secondary" disabled={refer.isPending}>
            {refer.isPending ? 'Referring...' : 'Refer to owner'}
          </Button>
          {problem && (
            <p role="alert" className="text-sm font-semibold text-red-800 sm:col-span-3">
              {problem}
            </p>
          )}
        </form>
      )}
      {referrals.isError ? (
        <CallError error={referrals.error} />
      ) : referrals.data && referrals.data.length > 0 ? (
        <ul className="grid gap-2" aria-label="Referrals">
          {referrals.data.map((referral) => (
            <li key={referral.id} className="grid gap-0.5 rounded-xl border border-stone-200 p-3">
              <span className="font-semibold text-slate-900">
                Reference #{referral.reportId} to {referral.bodyName}
              </span>
              <span
                className={
                  referral.state === 'failed' ? 'text-sm font-semibold text-red-800' : 'text-sm text-slate-800'
                }
              >
                {referral.state === 'failed' && referral.remoteId
                  ? 'Turned down by the owner'
                  : stateWords[referral.state]}
                {referral.remoteId ? ` · their request ${referral.remoteId}` : ''}
              </span>
              {referral.lastAnswer && (
                <span className="break-words text-sm text-slate-700">Last answer: {referral.lastAnswer}</span>
              )}
              <span className="text-sm text-slate-700">Referred {formatDateTime(referral.referredAt)}</span>
              <ReferralActions referral={referral} />
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
