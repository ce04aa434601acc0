// The Volunteer Analytics tab (SPEC.md 2f): four stat cards, Admin Controls for MUCU events, Daily
// Progress Tracking (last 30 days, CSV export of all) and Volunteer Details.
import { useState, type ReactNode } from 'react';
import { CalendarPlus, Download, ListChecks, RefreshCw, Sparkles, Timer, UserCheck, Users } from 'lucide-react';
import type { DailyProgressRow, VolunteerSummary } from '#shared/contracts/analytics.ts';
import { analyticsPaths } from '#shared/contracts/paths.ts';
import { analyticsMessages } from '#shared/domain/admin-messages.ts';
import { formatDay, progressPercent } from '#shared/domain/calendar-days.ts';
import { formatDate, formatMinutes } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { AlertsSummary } from '#client/features/alerts/components/alerts-summary.tsx';
import { AuditLogCard } from '#client/features/audit-log/components/audit-log-card.tsx';
import { AddEventDialog } from '#client/features/events/components/add-event-dialog.tsx';
import { ManageEventsDialog } from '#client/features/events/components/manage-events-dialog.tsx';
import { useDailyProgress, useVolunteerAnalytics } from '../api/use-analytics.ts';

const cardClass = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm';

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <div className={`${cardClass} flex items-center gap-4`}>
      <span
        aria-hidden="true"
        className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-civic-100 text-civic-800"
      >
        {icon}
      </span>
      <div className="grid">
        <span className="text-sm font-semibold text-slate-700">{label}</span>
        <span className="text-3xl font-bold tabular-nums text-civic-900">{value}</span>
      </div>
    </div>
  );
}

function Problem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-950">
      <p className="font-bold">{title}</p>
      {children && <p>{children}</p>}
    </div>
  );
}

export function AnalyticsTab() {
  const analytics = useVolunteerAnalytics();
  const progress = useDailyProgress();
  const [addEventOpen, setAddEventOpen] = useState(false);
  const [manageOpen, setManageOpen] = useState(false);
  const data = analytics.data;
  const activeCount = data?.volunteers.filter((v) => v.active).length ?? 0;

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <Button
          variant="ghost"
          className="text-civic-900"
          onClick={() => void Promise.all([analytics.refetch(), progress.refetch()])}
          disabled={analytics.isFetching || progress.isFetching}
        >
          <RefreshCw aria-hidden="true" className={`h-4 w-4 ${analytics.isFetching ? 'animate-spin' : ''}`} />
          Refresh
        </Button>
      </div>

      {analytics.isError ? (
        <Problem title={analyticsMessages.errorTitle}>{describeError(analytics.error).message}</Problem>
      ) : analytics.isPending ? (
        <p aria-busy="true" className="text-slate-700">
          Loading analytics...
        </p>
      ) : !data ? (
        <Problem title={analyticsMessages.noDataTitle} />
      ) : (
        <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label="Total Volunteers" value={data.totalVolunteers} icon={<Users className="h-6 w-6" />} />
          <StatCard label="Active Volunteers" value={activeCount} icon={<UserCheck className="h-6 w-6" />} />
          <StatCard
            label="Total Sites Cleaned"
            value={data.totalSitesCleaned}
            icon={<Sparkles className="h-6 w-6" />}
          />
          <StatCard label="Total Hours" value={formatMinutes(data.totalMinutes)} icon={<Timer className="h-6 w-6" />} />
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="admin-controls" className={`${cardClass} grid content-start gap-3`}>
          <h2 id="admin-controls" className="text-xl font-bold text-civic-900">
            Admin Controls
          </h2>
          <p className="text-sm text-slate-700">Meet Up Clean Up events and who came to them.</p>
          <Button variant="secondary" className="justify-start" onClick={() => setAddEventOpen(true)}>
            <CalendarPlus aria-hidden="true" className="h-5 w-5" />
            Add MUCU event
          </Button>
          <Button variant="outline" className="justify-start" onClick={() => setManageOpen(true)}>
            <ListChecks aria-hidden="true" className="h-5 w-5" />
            Manage MUCUs
          </Button>
        </section>
        <DailyProgress
          rows={progress.data}
          isPending={progress.isPending}
          error={progress.isError ? progress.error : null}
        />
      </div>

      {data && <VolunteerDetails volunteers={data.volunteers} />}
      <AlertsSummary />
      <AuditLogCard />

      <AddEventDialog open={addEventOpen} onOpenChange={setAddEventOpen} />
      <ManageEventsDialog open={manageOpen} onOpenChange={setManageOpen} />
    </div>
  );
}

function DailyProgress({
  rows,
  isPending,
  error,
}: {
  rows: DailyProgressRow[] | undefined;
  isPending: boolean;
  error: unknown;
}) {
  return (
    <section aria-labelledby="daily-progress" className={`${cardClass} grid content-start gap-4 lg:col-span-2`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="daily-progress" className="text-xl font-bold text-civic-900">
          Daily Progress Tracking
        </h2>
        <a
          href={analyticsPaths.dailyProgressExport}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-4 font-semibold text-civic-800 hover:bg-civic-50"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      <p className="text-sm text-slate-700">{analyticsMessages.last30Days}</p>
      {error ? (
        <Problem title={analyticsMessages.dailyProgressError}>{describeError(error).message}</Problem>
      ) : isPending ? (
        <p aria-busy="true" className="text-slate-700">
          Loading daily progress...
        </p>
      ) : !rows || rows.length === 0 ? (
        <p className="rounded-xl bg-stone-100 px-4 py-6 text-center text-slate-700">{analyticsMessages.noProgress}</p>
      ) : (
        <div
          className="max-h-[28rem] overflow-auto rounded-xl border border-stone-200"
          tabIndex={0}
          role="region"
          aria-label="Daily progress, last 30 days"
        >
          <table className="w-full border-collapse text-left text-sm">
            <thead className="sticky top-0 bg-civic-50 text-civic-900">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Sites Reported
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Sites Cleaned
                </th>
                <th scope="col" className="w-2/5 px-3 py-2 font-semibold">
                  Progress
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const percent = progressPercent(row.reportsCount, row.cleanupsCount);
                return (
                  <tr key={row.date} className="border-t border-stone-200">
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDay(row.date)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{row.reportsCount}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{row.cleanupsCount}</td>
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-2">
                        <div aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200">
                          <div
                            className="h-full rounded-full bg-emerald-700"
                            style={{ width: `${Math.min(100, percent)}%` }}
                          />
                        </div>
                        <span className="w-12 text-right tabular-nums">{percent}%</span>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function VolunteerDetails({ volunteers }: { volunteers: VolunteerSummary[] }) {
  return (
    <section aria-labelledby="volunteer-details" className={`${cardClass} grid gap-4`}>
      <h2 id="volunteer-details" className="text-xl font-bold text-civic-900">
        Volunteer Details
      </h2>
      {volunteers.length === 0 ? (
        <p className="rounded-xl bg-stone-100 px-4 py-6 text-center text-slate-700">{analyticsMessages.noVolunteers}</p>
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-stone-200"
          tabIndex={0}
          role="region"
          aria-label="Volunteer details table"
        >
          <table className="w-full border-collapse text-left text-sm">
            <thead className="bg-civic-50 text-civic-900">
              <tr>
                {['Volunteer', 'Email', 'Sites Cleaned', 'Hours Worked', 'Joined', 'Last Active'].map((heading) => (
                  <th key={heading} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {volunteers.map((volunteer) => (
                <tr key={volunteer.id} className="border-t border-stone-200">
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-slate-900">{volunteer.name ?? 'Anonymous Volunteer'}</span>
                      {volunteer.active && (
                        <span className="rounded-full border border-emerald-700 bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                          Active
                        </span>
                      )}
                    </span>
                  </td>
                  <td className="break-all px-3 py-2">{volunteer.email}</td>
                  <td className="px-3 py-2 tabular-nums">{volunteer.sitesCompleted}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatMinutes(volunteer.totalHours)}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    {formatDate(volunteer.joinedAt) ?? analyticsMessages.never}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    {formatDate(volunteer.lastActiveAt) ?? analyticsMessages.never}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
