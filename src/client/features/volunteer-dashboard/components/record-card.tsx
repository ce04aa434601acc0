// The dashboard's "Your volunteer record" card: choose a period and download a certificate (a PDF of
// the approved hours, sites cleaned and events attended, with a link and QR code anyone can use to
// check the figures); each certificate issued can be downloaded again or withdrawn, which stops its
// check link working.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileBadge } from 'lucide-react';
import type { Certificate } from '#shared/contracts/record-certificates.ts';
import { formatMinutes } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { LabelledInput } from '#client/components/ui/labelled-input.tsx';
import { CallError, LoadFailed } from '#client/components/ui/load-failed.tsx';
import { recordCertificatesApi as api } from '#client/lib/calls/record-certificates.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useRefreshingMutation } from '#client/lib/query-client.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';

const listKey = [api.list.url()] as const;
const ukDay = (isoDay: string) => isoDay.split('-').reverse().join('/');
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

/** Saves the certificate's PDF through a link, as the browser downloads any file. */
function download(certificate: Certificate) {
  const link = document.createElement('a');
  link.href = api.pdf.url({ params: { id: certificate.id } });
  link.download = `volunteer-record-${certificate.from}-to-${certificate.to}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
}

export function RecordCard() {
  const list = useQuery({ queryKey: listKey, queryFn: () => api.list() });
  const issue = useRefreshingMutation((period: { from: string; to: string }) => api.issue({ body: period }), [listKey]);
  const withdraw = useRefreshingMutation((id: number) => api.withdraw({ params: { id } }), [listKey]);
  const [from, setFrom] = useState(`${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today());

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    issue.mutate({ from, to }, { onSuccess: (certificate) => download(certificate) });
  }

  async function onWithdraw(certificate: Certificate) {
    try {
      await withdraw.mutateAsync(certificate.id);
      toastSuccess('Certificate withdrawn', 'Its check link no longer confirms anything.');
    } catch (error) {
      errorToast('Error withdrawing the certificate', error);
    }
  }

  const standing = list.data?.filter((c) => c.withdrawnAt === null) ?? [];
  return (
    <Card
      id="record-title"
      title="Your volunteer record"
      icon={<FileBadge aria-hidden="true" className="h-5 w-5 text-accent-700" />}
    >
      <p className="text-slate-800">
        Download a certificate of your approved hours, sites cleaned and MUCU events attended, for a CV, a school award
        or your employer. Anyone can check its figures through the link and QR code on it.
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Certificate period" className="grid gap-3">
        <div className="grid grid-cols-2 gap-2">
          <LabelledInput label="From" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
          <LabelledInput label="To" type="date" value={to} max={today()} onChange={(e) => setTo(e.target.value)} />
        </div>
        {issue.isError && <CallError error={issue.error} />}
        <Button type="submit" className="justify-self-start" disabled={issue.isPending}>
          {issue.isPending ? 'Preparing...' : 'Download certificate'}
        </Button>
      </form>
      {list.isError && (
        <LoadFailed inCard message="Your certificates could not be loaded." onRetry={() => void list.refetch()} />
      )}
      {standing.length > 0 && (
        <ul aria-label="Certificates issued" className="grid gap-3">
          {standing.map((certificate) => (
            <li key={certificate.id} className="grid gap-2 rounded-xl border border-stone-300 p-4">
              <p className="font-semibold text-slate-900">
                {ukDay(certificate.from)} to {ukDay(certificate.to)}: {formatMinutes(certificate.minutes)},{' '}
                {certificate.sitesCleaned} sites, {certificate.eventsAttended} events
              </p>
              <p className="text-sm break-all text-slate-700">
                Check link:{' '}
                <a href={certificate.verifyUrl} className="font-semibold text-civic-800 underline underline-offset-4">
                  {certificate.verifyUrl}
                </a>
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => download(certificate)}>
                  Download again
                </Button>
                <Button
                  variant="ghost"
                  className="text-red-800"
                  onClick={() => void onWithdraw(certificate)}
                  aria-label={`Withdraw the certificate for ${ukDay(certificate.from)} to ${ukDay(certificate.to)}`}
                >
                  Withdraw
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
