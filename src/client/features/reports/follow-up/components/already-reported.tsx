// The 'Already reported here' prompt in the report form: the open report at this place, with its photo
// and date, and 'Add my photo to it' or 'Me too' (without a photo) instead of a new report. A different
// graffiti can still be reported as new with the form's own button.
import { lazy, Suspense, type ComponentType } from 'react';
import { Users } from 'lucide-react';
import type { AlreadyReported as AlreadyReportedAnswer } from '#shared/contracts/report-follow-up.ts';
import { followUpMessages as m } from '#shared/domain/follow-up-messages.ts';
import { messages } from '#shared/domain/messages.ts';
import { formatUkDate } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';

// Its own chunk (shared with the status page and the map), fetched as soon as this prompt's code is.
// Named here rather than imported, so the home page's first script does not list its files.
const meTooLoad: Promise<{ default: ComponentType<{ reportId: number }> }> = import('./me-too.tsx').then(
  (module) => ({ default: module.MeToo }),
  () => ({ default: () => null }),
);
const MeToo = lazy(() => meTooLoad);

type Existing = NonNullable<AlreadyReportedAnswer['report']>;

export function AlreadyReported({ report, adding, onAdd }: { report: Existing; adding: boolean; onAdd: () => void }) {
  return (
    <section
      aria-label={m.alreadyReported(formatUkDate(report.reportedAt))}
      className="grid gap-3 rounded-2xl border-2 border-amber-700 bg-amber-50 p-4 text-amber-950"
    >
      <div className="flex items-start gap-3">
        <img
          src={report.thumbnailUrl}
          alt={`The graffiti already reported at ${report.what3words}`}
          className="h-20 w-20 shrink-0 rounded-xl object-cover"
        />
        <div className="grid gap-1">
          <p className="font-semibold">{m.alreadyReported(formatUkDate(report.reportedAt))}</p>
          <p className="text-sm">{m.alreadyReportedHelp}</p>
          {report.reporterCount > 1 && (
            <p className="flex items-center gap-1 text-sm">
              <Users aria-hidden="true" className="h-4 w-4" /> {messages.report.peopleReported(report.reporterCount)}
            </p>
          )}
        </div>
      </div>
      <Button variant="secondary" onClick={onAdd} disabled={adding} className="justify-self-start">
        {m.addMyPhoto}
      </Button>
      <Suspense fallback={null}>
        <MeToo reportId={report.id} />
      </Suspense>
    </section>
  );
}
