// Route '/verify/:code': anyone checks the figures a volunteer's certificate states. It shows the
// period, the approved hours, the sites cleaned, the events attended and when it was issued: nothing
// about the volunteer. A withdrawn or unknown code says only that there is no such certificate.
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { useParams } from 'wouter';
import { formatMinutes } from '#shared/domain/format.ts';
import { PageSpinner } from '#client/components/ui/page-spinner.tsx';
import { ApiError, describeError } from '#client/lib/api-client.ts';
import { recordCertificatesApi } from '#client/lib/calls/record-certificates.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

const ukDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

export default function VerifyPage() {
  useDocumentTitle('Check a volunteer record | Clean Up Edinburgh');
  const { code } = useParams<{ code: string }>();
  const check = useQuery({
    queryKey: [recordCertificatesApi.verify.url({ params: { code } })],
    queryFn: () => recordCertificatesApi.verify({ params: { code } }),
  });
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-5 py-8">
      <h1 className="text-3xl font-bold text-civic-900">Check a volunteer record</h1>
      {check.isPending ? (
        <PageSpinner label="Checking the record..." />
      ) : check.isError ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-900">
          {check.error instanceof ApiError && check.error.status === 404
            ? describeError(check.error).message
            : 'The record could not be checked. Check your connection, then try again.'}
        </p>
      ) : (
        <section
          aria-labelledby="verified"
          className="grid gap-4 rounded-2xl border-2 border-emerald-700 bg-white p-5 shadow-sm"
        >
          <h2 id="verified" className="flex items-center gap-2 text-xl font-bold text-emerald-900">
            <BadgeCheck aria-hidden="true" className="h-6 w-6" />
            This record is genuine
          </h2>
          <p className="text-slate-800">
            Clean Up Edinburgh confirms these figures for {ukDay(check.data.from)} to {ukDay(check.data.to)}:
          </p>
          <dl className="grid gap-3 sm:grid-cols-3">
            {[
              ['Approved hours', formatMinutes(check.data.minutes)],
              ['Sites cleaned', String(check.data.sitesCleaned)],
              ['MUCU events attended', String(check.data.eventsAttended)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-stone-light p-3">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="text-2xl font-bold text-civic-900">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-slate-700">Issued {ukDay(check.data.issuedAt.slice(0, 10))}.</p>
        </section>
      )}
    </div>
  );
}
