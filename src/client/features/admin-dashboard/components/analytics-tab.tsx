// The Volunteer Analytics tab: four stat cards, Admin Controls for MUCU events, Daily Progress Tracking
// (last 30 days, CSV export of all) and Volunteer Details. From tablet width up the two lists are tables; on
// a phone each row is a card that names every value beside it, so nothing is squeezed into a column or
// hidden behind a sideways scroll.
import { useState, type ReactNode } from 'react';
import {
  CalendarPlus,
  Download,
  ListChecks,
  RefreshCw,
  ShieldAlert,
  Sparkles,
  Timer,
  UserCheck,
  Users,
} from 'lucide-react';
import type { DailyProgressRow, VolunteerSummary } from '#shared/contracts/analytics.ts';
import { analyticsApi } from '#client/lib/calls/analytics.ts';
import { analyticsMessages } from '#shared/domain/analytics-messages.ts';
import { formatDay, progressPercent } from '#shared/domain/calendar-days.ts';
import { formatDate, formatMinutes } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { TABLE_WIDTH_QUERY, useMediaQuery } from '#client/lib/use-media-query.ts';
import { AlertsSummary } from '#client/features/alerts/components/alerts-summary.tsx';
import { AuditLogCard } from '#client/features/audit-log/components/audit-log-card.tsx';
import { ApiKeysCard } from '#client/features/open311/components/api-keys-card.tsx';
import { ReferralsCard } from '#client/features/open311/components/referrals-card.tsx';
import { useDailyProgress, useVolunteerAnalytics } from '../api/use-analytics.ts';
import { lazyCard } from '#client/components/ui/lazy-card.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { AddEventDialog, ManageEventsDialog } from '#client/features/events/components/event-dialogs.ts';
import { Loading } from '#client/components/ui/loading.tsx';

const RetaggedSitesCard = lazyCard(() => import('./retagged-sites-card.tsx').then((m) => m.RetaggedSitesCard));

const cardClass = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm';

function StatCard({
  label,
  value,
  icon,
  detail,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  /** What the figure counts, when its label alone could be misread. */
  detail?: string;
}) {
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
        {detail && <span className="text-sm text-slate-700">{detail}</span>}
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
        <Loading busy>Loading analytics...</Loading>
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
            detail={analyticsMessages.sitesCleanedDetail(data.volunteerCleanups)}
          />
          <StatCard label="Total Hours" value={formatMinutes(data.totalMinutes)} icon={<Timer className="h-6 w-6" />} />
          <StatCard
            label="Priority reports waiting over 24 hours"
            value={`${data.priorityReports.waitedOver24Hours} of ${data.priorityReports.total}`}
            icon={<ShieldAlert className="h-6 w-6" />}
          />
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card id="admin-controls" title="Admin Controls" icon={null} className="gap-3 border-stone-200">
          <p className="text-sm text-slate-700">Meet Up Clean Up events and who came to them.</p>
          <Button variant="secondary" className="justify-start" onClick={() => setAddEventOpen(true)}>
            <CalendarPlus aria-hidden="true" className="h-5 w-5" />
            Add MUCU event
          </Button>
          <Button variant="outline" className="justify-start" onClick={() => setManageOpen(true)}>
            <ListChecks aria-hidden="true" className="h-5 w-5" />
            Manage MUCUs
          </Button>
        </Card>
        <DailyProgress progress={progress} />
      </div>

      {data && <VolunteerDetails volunteers={data.volunteers} />}
      <AlertsSummary />
      <ReferralsCard />
      <ApiKeysCard />
      <AuditLogCard />
      <RetaggedSitesCard />

      <AddEventDialog open={addEventOpen} onOpenChange={setAddEventOpen} />
      <ManageEventsDialog open={manageOpen} onOpenChange={setManageOpen} />
    </div>
  );
}

function DailyProgress({ progress }: { progress: ReturnType<typeof useDailyProgress> }) {
  const rows = progress.data;
  const wide = useMediaQuery(TABLE_WIDTH_QUERY);
  return (
    <section aria-labelledby="daily-progress" className={`${cardClass} grid content-start gap-4 lg:col-span-2`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="daily-progress" className="text-xl font-bold text-civic-900">
          Daily Progress Tracking
        </h2>
        <a
          href={analyticsApi.dailyProgressExport.url()}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl border-2 border-civic-800 bg-white px-4 font-semibold text-civic-800 hover:bg-civic-50"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      <p className="text-sm text-slate-700">{analyticsMessages.last30Days}</p>
      {progress.isError ? (
        <Problem title={analyticsMessages.dailyProgressError}>{describeError(progress.error).message}</Problem>
      ) : progress.isPending ? (
        <Loading busy>Loading daily progress...</Loading>
      ) : !rows || rows.length === 0 ? (
        <p className="rounded-xl bg-stone-100 px-4 py-6 text-center text-slate-700">{analyticsMessages.noProgress}</p>
      ) : wide ? (
        <DailyProgressTable rows={rows} />
      ) : (
        <DailyProgressCards rows={rows} />
      )}
    </section>
  );
}

const PROGRESS_LABEL = 'Daily progress, last 30 days';
/** A day's three counts, by the name each goes by in the table and on the cards. */
const progressCounts = [
  ['Sites Reported', 'reportsCount'],
  ['Sites Cleaned', 'cleanupsCount'],
  [analyticsMessages.volunteerCleanupsColumn, 'volunteerCleanupsCount'],
] as const;

function ProgressBar({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-2">
      <div aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200">
        <div className="h-full rounded-full bg-emerald-700" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <span className="w-12 text-right tabular-nums">{percent}%</span>
    </div>
  );
}

function DailyProgressTable({ rows }: { rows: DailyProgressRow[] }) {
  return (
    <div
      className="max-h-[28rem] overflow-auto rounded-xl border border-stone-200"
      tabIndex={0}
      role="region"
      aria-label={PROGRESS_LABEL}
    >
      <table className="w-full border-collapse text-left text-sm">
        <thead className="sticky top-0 bg-civic-50 text-civic-900">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Date
            </th>
            {progressCounts.map(([label]) => (
              <th key={label} scope="col" className="px-3 py-2 text-right font-semibold">
                {label}
              </th>
            ))}
            <th scope="col" className="w-2/5 px-3 py-2 font-semibold">
              Progress
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.date} className="border-t border-stone-200">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDay(row.date)}</td>
              {progressCounts.map(([label, count]) => (
                <td key={label} className="px-3 py-2 text-right tabular-nums">
                  {row[count]}
                </td>
              ))}
              <td className="px-3 py-2">
                <ProgressBar percent={progressPercent(row.reportsCount, row.cleanupsCount)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One small card per day: the date, both counts by name, and the progress bar. */
function DailyProgressCards({ rows }: { rows: DailyProgressRow[] }) {
  return (
    <ul aria-label={PROGRESS_LABEL} className="grid divide-y divide-stone-200 rounded-xl border border-stone-200">
      {rows.map((row) => (
        <li key={row.date} className="grid gap-1.5 px-3 py-2.5 text-sm">
          <p className="font-semibold tabular-nums text-slate-900">{formatDay(row.date)}</p>
          <dl className="flex flex-wrap gap-x-5 gap-y-1">
            {progressCounts.map(([label, count]) => (
              <div key={label} className="flex gap-1.5">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-semibold tabular-nums">{row[count]}</dd>
              </div>
            ))}
          </dl>
          <ProgressBar percent={progressPercent(row.reportsCount, row.cleanupsCount)} />
        </li>
      ))}
    </ul>
  );
}

const VOLUNTEER_COLUMNS = ['Volunteer', 'Email', 'Sites Cleaned', 'Hours Worked', 'Joined', 'Last Active'] as const;

function VolunteerDetails({ volunteers }: { volunteers: VolunteerSummary[] }) {
  const wide = useMediaQuery(TABLE_WIDTH_QUERY);
  return (
    <Card id="volunteer-details" title="Volunteer Details" icon={null} className="gap-4 border-stone-200">
      {volunteers.length === 0 ? (
        <p className="rounded-xl bg-stone-100 px-4 py-6 text-center text-slate-700">{analyticsMessages.noVolunteers}</p>
      ) : wide ? (
        <VolunteerTable volunteers={volunteers} />
      ) : (
        <VolunteerCards volunteers={volunteers} />
      )}
    </Card>
  );
}

function VolunteerName({ volunteer }: { volunteer: VolunteerSummary }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-semibold text-slate-900">{volunteer.name ?? 'Anonymous Volunteer'}</span>
      {volunteer.active && (
        <span className="rounded-full border border-emerald-700 bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          Active
        </span>
      )}
    </span>
  );
}

/** The five facts after the name, in the table's column order. */
function volunteerFacts(volunteer: VolunteerSummary): [label: (typeof VOLUNTEER_COLUMNS)[number], value: string][] {
  return [
    ['Email', volunteer.email],
    ['Sites Cleaned', String(volunteer.sitesCompleted)],
    ['Hours Worked', formatMinutes(volunteer.totalHours)],
    ['Joined', formatDate(volunteer.joinedAt) ?? analyticsMessages.never],
    ['Last Active', formatDate(volunteer.lastActiveAt) ?? analyticsMessages.never],
  ];
}

function VolunteerTable({ volunteers }: { volunteers: VolunteerSummary[] }) {
  return (
    // Wide enough for every column from tablet width up; the region scrolls only if a name is very long.
    <div
      className="overflow-x-auto rounded-xl border border-stone-200"
      tabIndex={0}
      role="region"
      aria-label="Volunteer details table"
    >
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-civic-50 text-civic-900">
          <tr>
            {VOLUNTEER_COLUMNS.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold lg:whitespace-nowrap">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {volunteers.map((volunteer) => (
            <tr key={volunteer.id} className="border-t border-stone-200 align-top">
              <td className="px-3 py-2">
                <VolunteerName volunteer={volunteer} />
              </td>
              {volunteerFacts(volunteer).map(([label, value]) => (
                <td
                  key={label}
                  className={`px-3 py-2 tabular-nums ${label === 'Email' ? '[overflow-wrap:anywhere]' : 'whitespace-nowrap'}`}
                >
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One card per volunteer: the name, the e-mail across the card's full width, then the rest in pairs. */
function VolunteerCards({ volunteers }: { volunteers: VolunteerSummary[] }) {
  return (
    <ul aria-label="Volunteers" className="grid gap-3">
      {volunteers.map((volunteer) => (
        <li key={volunteer.id} className="grid gap-2 rounded-xl border border-stone-200 p-3">
          <VolunteerName volunteer={volunteer} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {volunteerFacts(volunteer).map(([label, value]) => (
              <div key={label} className={label === 'Email' ? 'col-span-2' : undefined}>
                <dt className="text-slate-700">{label}</dt>
                <dd
                  className={`font-semibold text-slate-900 ${label === 'Email' ? '[overflow-wrap:anywhere]' : 'tabular-nums'}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
