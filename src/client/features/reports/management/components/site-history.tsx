// A report's site on its card: 'reported 4 times since March, last cleaned 12 days ago', asked for only
// when opened, so a page of cards asks nothing more of the server.
import { lazy, Suspense, useId, useState } from 'react';
import { siteMessages as m } from '#shared/domain/site-messages.ts';
import { CardIcon } from './card-icons.tsx';

const HistoryLine = lazy(() => import('./site-history-line.tsx').then((module) => ({ default: module.HistoryLine })));

export function SiteHistory({ reportId }: { reportId: number }) {
  const [open, setOpen] = useState(false);
  const lineId = useId();
  return (
    <div className="contents">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={lineId}
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg px-1 text-sm font-semibold text-civic-800 underline-offset-4 hover:underline"
      >
        <CardIcon name="chevron-down" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        {m.historyButton}
      </button>
      {open && (
        <Suspense
          fallback={
            <p id={lineId} className="basis-full text-sm text-slate-800">
              {m.historyLoading}
            </p>
          }
        >
          <HistoryLine id={lineId} reportId={reportId} />
        </Suspense>
      )}
    </div>
  );
}
