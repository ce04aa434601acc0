// Route '/performance', public: how the service performs, from the server's figures. The last 30 days
// at a glance, a chart of reports made and cleaned per month with the same figures in a table beside it
// (the chart is a picture for the eye; the table is what a screen reader reads), the open reports by
// age, and the figures as CSV.
import { useQuery } from '@tanstack/react-query';
import { analyticsApi } from '#client/lib/calls/analytics.ts';
import { analyticsRoutes } from '#shared/contracts/routes/analytics.ts';
import type { PerformancePeriod } from '#shared/contracts/analytics.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

const linkClass = 'font-semibold text-civic-800 underline underline-offset-4 hover:text-civic-900';

const hours = (n: number | null) => (n === null ? '-' : `${n} h`);
const share = (n: number | null) => (n === null ? '-' : `${n}%`);

/** The month table's columns after the month: each heading and its figure. */
const monthFigures: [heading: string, value: (m: PerformancePeriod) => string | number][] = [
  ['Reports made', (m) => m.made],
  ['Reports cleaned', (m) => m.cleaned],
  ['Cleaned by owners (referred)', (m) => m.cleanedByOwners],
  ['Median time to clean', (m) => hours(m.medianHoursToClean)],
  ['Cleaned within target', (m) => share(m.cleanedWithinTargetPercent)],
  ['Offensive removed within 24 hours', (m) => share(m.offensiveWithin24HoursPercent)],
];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 rounded-2xl border border-stone-warm bg-white p-4 shadow-sm">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="text-3xl font-bold text-civic-900">{value}</dd>
    </div>
  );
}

/** Bars of reports made and cleaned per month; hidden from screen readers, which read the table. */
function MonthChart({ months }: { months: PerformancePeriod[] }) {
  const most = Math.max(1, ...months.flatMap((m) => [m.made, m.cleaned]));
  return (
    <figure className="grid gap-2" aria-hidden="true">
      <div className="flex h-48 items-end gap-1 border-b border-l border-slate-400 px-1 sm:gap-2">
        {months.map((m) => (
          <div key={m.period} className="flex h-full flex-1 items-end justify-center gap-0.5">
            <div className="w-1/2 rounded-t bg-civic-800" style={{ height: `${(100 * m.made) / most}%` }} />
            <div className="w-1/2 rounded-t bg-emerald-600" style={{ height: `${(100 * m.cleaned) / most}%` }} />
          </div>
        ))}
      </div>
      <div className="flex gap-1 px-1 text-xs text-slate-700 sm:gap-2">
        {months.map((m) => (
          <span key={m.period} className="flex-1 text-center">
            {m.label.slice(0, 3)}
          </span>
        ))}
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span className="inline-block h-3 w-3 rounded-sm bg-civic-800" /> Reports made
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="inline-block h-3 w-3 rounded-sm bg-emerald-600" /> Reports cleaned
        </span>
      </figcaption>
    </figure>
  );
}

export default function PerformancePage() {
  useDocumentTitle('How we are doing | Clean Up Edinburgh');
  const { data, isPending, isError } = useQuery({
    queryKey: [analyticsApi.performance.url()],
    queryFn: () => analyticsApi.performance(),
  });
  const last = data?.last30Days;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-5 py-10">
      <header className="grid gap-3">
        <h1 className="text-4xl font-bold text-civic-900">How we are doing</h1>
        <p className="max-w-2xl text-slate-700">
          Offensive graffiti is due to be removed within 24 hours of being reported; other graffiti by the end of the
          fifth working day after the day it is reported. These figures are worked out from every report, by the
          calendar in Edinburgh.
        </p>
      </header>
      {isPending && <p>Loading the figures...</p>}
      {isError && <p role="alert">The figures could not be loaded. Please try again in a moment.</p>}
      {data && last && (
        <>
          <section aria-labelledby="last-30-days" className="grid gap-3">
            <h2 id="last-30-days" className="text-2xl font-bold text-civic-900">
              Last 30 days
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
              <Figure label="Reports made" value={String(last.made)} />
              <Figure label="Reports cleaned" value={String(last.cleaned)} />
              <Figure label="Median time to clean" value={hours(last.medianHoursToClean)} />
              <Figure label="Cleaned within target" value={share(last.cleanedWithinTargetPercent)} />
              <Figure label="Offensive removed within 24 hours" value={share(last.offensiveWithin24HoursPercent)} />
            </dl>
          </section>

          <section aria-labelledby="by-month" className="grid gap-4">
            <h2 id="by-month" className="text-2xl font-bold text-civic-900">
              By month
            </h2>
            <MonthChart months={data.months} />
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="by-month-caption">
              <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
                <caption id="by-month-caption" className="pb-2 text-left font-semibold text-slate-800">
                  Figures by month, the current month last
                </caption>
                <thead>
                  <tr className="border-b-2 border-slate-400">
                    <th scope="col" className="py-2 pr-3">
                      Month
                    </th>
                    {monthFigures.map(([heading]) => (
                      <th key={heading} scope="col" className="py-2 pr-3 last:pr-0">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((m) => (
                    <tr key={m.period} className="border-b border-stone-300">
                      <th scope="row" className="py-2 pr-3 font-semibold">
                        {m.label}
                      </th>
                      {monthFigures.map(([heading, value]) => (
                        <td key={heading} className="py-2 pr-3 last:pr-0">
                          {value(m)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              <a href={analyticsRoutes.performanceExport.path} className={linkClass} download>
                Download these figures (CSV)
              </a>
            </p>
          </section>

          <section aria-labelledby="open-by-age" className="grid gap-3">
            <h2 id="open-by-age" className="text-2xl font-bold text-civic-900">
              Reports still open, by age
            </h2>
            <table className="max-w-md border-collapse text-left text-sm">
              <thead>
                <tr className="border-b-2 border-slate-400">
                  <th scope="col" className="py-2 pr-3">
                    Reported
                  </th>
                  <th scope="col" className="py-2">
                    Open reports
                  </th>
                </tr>
              </thead>
              <tbody>
                {[
                  ...data.openByAge.map((row) => [`${row.band} ago`, row.count] as const),
                  // On their owners' clocks, not the volunteers': counted apart.
                  ['Referred to their owners', data.openWithOwners] as const,
                ].map(([label, count]) => (
                  <tr key={label} className="border-b border-stone-300">
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      {label}
                    </th>
                    <td className="py-2">{count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
