// The administrators' view of volunteer alerts, for the Volunteer Analytics tab: how many volunteers have
// each kind of alert on, and how the outbox of alerts waiting to go out stands.
import type { ReactNode } from 'react';
import { BellRing, Inbox, Mail, MailCheck, RefreshCw, Smartphone, TriangleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { useAlertsSummary } from '../api/use-alerts-summary.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { Loading } from '#client/components/ui/loading.tsx';

function Figure({ label, value, icon, hint }: { label: string; value: number; icon: ReactNode; hint?: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl bg-stone-light p-3">
      <span
        aria-hidden="true"
        className="hidden h-10 w-10 shrink-0 place-items-center rounded-lg bg-civic-100 text-civic-800 sm:grid"
      >
        {icon}
      </span>
      <p className="grid">
        <span className="text-sm font-semibold text-slate-700">{label}</span>
        <span className="text-2xl font-bold tabular-nums text-civic-900">{value}</span>
        {hint && <span className="text-xs text-slate-700">{hint}</span>}
      </p>
    </li>
  );
}

/** A self-contained card: heading, figures, refresh. */
export function AlertsSummary() {
  const summary = useAlertsSummary();
  const data = summary.data;
  return (
    <section
      aria-labelledby="alerts-summary-title"
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="alerts-summary-title" className="flex items-center gap-2 text-xl font-bold text-civic-900">
          <BellRing aria-hidden="true" className="h-5 w-5 text-accent-700" />
          Volunteer Alerts
        </h2>
        <Button
          variant="ghost"
          className="text-civic-900"
          onClick={() => void summary.refetch()}
          disabled={summary.isFetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={`h-4 w-4 ${summary.isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
          />
          Refresh
          <span className="sr-only"> alert figures</span>
        </Button>
      </div>
      {summary.isPending ? (
        <Loading>Loading alert figures...</Loading>
      ) : summary.isError || !data ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 text-red-950">
          The alert figures could not be loaded: {describeError(summary.error).message}
        </p>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="Any alert on" value={data.anyAlert} icon={<BellRing className="h-5 w-5" />} />
            <Figure
              label="Push notifications"
              value={data.push}
              icon={<Smartphone className="h-5 w-5" />}
              hint={`${data.pushDevices} ${data.pushDevices === 1 ? 'device' : 'devices'}`}
            />
            <Figure label="E-mail per report" value={data.emailInstant} icon={<Mail className="h-5 w-5" />} />
            <Figure label="Daily digest" value={data.emailDaily} icon={<MailCheck className="h-5 w-5" />} />
          </ul>
          <div className="grid gap-2">
            <h3 className="flex items-center gap-2 font-semibold text-slate-900">
              <Inbox aria-hidden="true" className="h-5 w-5 text-civic-700" />
              Alerts waiting to go out
            </h3>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure
                label="Waiting"
                value={data.outbox.pending}
                icon={<Inbox className="h-5 w-5" />}
                hint={
                  data.outbox.oldestPendingAt
                    ? `Oldest since ${formatDateTime(new Date(data.outbox.oldestPendingAt))}`
                    : 'Nothing waiting'
                }
              />
              <Figure label="Being retried" value={data.outbox.retrying} icon={<RefreshCw className="h-5 w-5" />} />
              <Figure
                label="Given up (last 7 days)"
                value={data.outbox.failed}
                icon={<TriangleAlert className="h-5 w-5" />}
                hint="After 24 hours of retries"
              />
            </ul>
          </div>
        </>
      )}
    </section>
  );
}
