// The list 'My reports' shows once this device has sent a report: each report with its current status.
import { Link } from 'wouter';
import { followUpMessages as m } from '#shared/domain/follow-up-messages.ts';
import { formatUkDate } from '#shared/domain/format.ts';
import { reportStatusPath } from '#shared/routes.ts';
import { useReportStatuses } from '../api/use-report-status.ts';
import type { MyReport } from '../../offline/report-queue.ts';
import { StatusLabel } from './status-label.tsx';

export default function MyReportsList({ reports }: { reports: MyReport[] }) {
  const statuses = useReportStatuses(reports.map((r) => r.statusToken));
  return (
    <section aria-labelledby="my-reports-title" className="border-t border-stone-warm">
      <div className="mx-auto grid max-w-5xl gap-4 px-5 py-10">
        <div className="grid gap-1">
          <h2 id="my-reports-title" className="text-2xl font-bold text-slate-900">
            {m.myReportsTitle}
          </h2>
          <p className="text-slate-700">{m.myReportsHelp}</p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {reports.map((report, index) => {
            const status = statuses[index]?.data;
            return (
              <li key={report.statusToken}>
                <Link
                  href={reportStatusPath(report.statusToken)}
                  className="flex min-h-11 items-center gap-3 rounded-2xl border border-stone-warm bg-white p-3 hover:bg-civic-50"
                >
                  {status && (
                    <img src={status.thumbnailUrl} alt="" className="h-16 w-16 shrink-0 rounded-xl object-cover" />
                  )}
                  <span className="grid gap-1">
                    <span className="font-semibold text-civic-900 underline underline-offset-4">
                      Report #{report.id}: {report.what3words}
                    </span>
                    <span className="text-sm text-slate-700">{m.reported(formatUkDate(report.reportedAt))}</span>
                    {status && <StatusLabel status={status.status} completedAt={status.completedAt} />}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
