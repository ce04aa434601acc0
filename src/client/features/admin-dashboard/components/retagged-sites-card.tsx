// The sites tagged again most often after they were cleaned, with how often, their reports, and when
// they were last reported and cleaned. Loaded once the analytics tab is shown and the browser is idle.
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { formatDate } from '#shared/domain/format.ts';
import { siteMessages as m } from '#shared/domain/site-messages.ts';
import { Card } from '#client/components/ui/card.tsx';
import { reportSitesApi } from '#client/lib/calls/report-sites.ts';
import { CallError } from '#client/components/ui/load-failed.tsx';

export function RetaggedSitesCard() {
  const sites = useQuery({
    queryKey: [reportSitesApi.mostRetagged.url()],
    queryFn: () => reportSitesApi.mostRetagged(),
  });
  return (
    <Card
      id="retagged-sites-title"
      title={m.mostRetaggedTitle}
      icon={<RotateCcw aria-hidden="true" className="h-6 w-6" />}
    >
      <p className="text-sm text-slate-700">{m.mostRetaggedHelp}</p>
      {sites.isPending ? (
        <p className="text-slate-700">Loading...</p>
      ) : sites.isError ? (
        <CallError error={sites.error} />
      ) : sites.data.sites.length === 0 ? (
        <p className="text-slate-700">{m.mostRetaggedEmpty}</p>
      ) : (
        <ol className="grid gap-2">
          {sites.data.sites.map((site) => (
            <li key={site.reportId} className="grid gap-0.5 rounded-xl border border-stone-300 p-3">
              <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">///{site.what3words}</span>
              <span className="text-sm text-slate-800">
                Tagged again {site.taggedAgain === 1 ? 'once' : `${site.taggedAgain} times`} ({site.reports} reports);
                last reported {formatDate(site.lastReportedAt)}, last cleaned{' '}
                {formatDate(site.lastCleanedAt) ?? 'never'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
