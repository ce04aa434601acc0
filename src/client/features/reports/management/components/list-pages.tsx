// The pages of the report list (Previous and Next, the page number, straight to a 'Report #n'), and
// what stands in for the list while there are no reports at all.
import { useId, useState, type FormEvent } from 'react';
import { Inbox } from 'lucide-react';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import type { ReportPage } from '#shared/contracts/reports.ts';
import { REPORT_PAGE_SIZE } from '#shared/domain/report-list.ts';
import { formatCount } from '#shared/domain/format.ts';
import { inputClass } from '#client/components/ui/input-class.ts';
import { CardIcon } from './card-icons.tsx';
import type { PageKey } from './management-dashboard.tsx';
import { pillClass } from './pill.ts';

interface ListPagesProps {
  page: ReportPage;
  /** The pages visited so far: the last one is the page shown. */
  pages: PageKey[];
  /** The position of the first card shown. */
  first: number;
  /** The next page's answer is awaited. */
  waiting: boolean;
  onPrevious(): void;
  onGo(pages: PageKey[]): void;
}

export function ListPages({ page, pages, first, waiting, onPrevious, onGo }: ListPagesProps) {
  const pageCount = Math.max(1, Math.ceil(page.total / REPORT_PAGE_SIZE));
  return (
    <nav aria-label="Pages of reports" className="flex flex-wrap items-center justify-between gap-2">
      <button
        type="button"
        aria-disabled={pages.length <= 1 || undefined}
        onClick={() => pages.length > 1 && onPrevious()}
        className={`${pillClass} inline-flex items-center gap-1.5 aria-disabled:opacity-50`}
      >
        <CardIcon name="chevron-down" className="h-4 w-4 rotate-90" />
        Previous {REPORT_PAGE_SIZE}
      </button>
      <span className="text-sm text-slate-700">
        Page {formatCount(Math.ceil(Math.max(first, 1) / REPORT_PAGE_SIZE))} of {formatCount(pageCount)}
      </span>
      <button
        type="button"
        aria-disabled={!page.nextCursor || waiting || undefined}
        onClick={() => {
          if (page.nextCursor && !waiting) onGo([...pages, { cursor: page.nextCursor }]);
        }}
        className={`${pillClass} inline-flex items-center gap-1.5 aria-disabled:opacity-50`}
      >
        Next {REPORT_PAGE_SIZE}
        <CardIcon name="chevron-down" className="h-4 w-4 -rotate-90" />
      </button>
      <GoToForm total={page.total} onGo={(position) => onGo(position > 1 ? [{}, { position }] : [{}])} />
    </nav>
  );
}

/** Straight to a place in the list: 'Report #n' from 1 to the number of reports listed. */
function GoToForm({ total, onGo }: { total: number; onGo(position: number): void }) {
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState(false);
  const ids = { field: useId(), error: useId() };
  function submit(event: FormEvent) {
    event.preventDefault();
    // As written on a card or read out: '#50000', '50,000' or '50 000'.
    const digits = typed.replace(/[\s,#]/g, '');
    const position = /^\d{1,10}$/.test(digits) ? Number(digits) : 0;
    if (position < 1 || position > total) {
      setRefused(true);
      return;
    }
    setRefused(false);
    setTyped('');
    onGo(position);
  }
  return (
    <form aria-label="Go to a report" onSubmit={submit} noValidate className="flex w-full flex-wrap items-center gap-2">
      <label htmlFor={ids.field} className="text-sm font-semibold text-slate-700">
        Go to Report #
      </label>
      <input
        id={ids.field}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setRefused(false);
        }}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={refused}
        aria-describedby={refused ? ids.error : undefined}
        className={`${inputClass} w-32`}
      />
      <button type="submit" className={pillClass}>
        Go
      </button>
      {refused && (
        <p id={ids.error} role="alert" className="w-full text-sm font-semibold text-red-800">
          Enter a number from 1 to {formatCount(total)}.
        </p>
      )}
    </form>
  );
}

/** No reports at all yet (not none for a filter). */
export function NoReports() {
  return (
    <div className="grid justify-items-center gap-2 rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <Inbox aria-hidden="true" className="h-10 w-10 text-civic-700" />
      <p className="text-lg font-bold text-civic-900">{managementMessages.noReportsTitle}</p>
      <p className="text-slate-700">{managementMessages.noReports}</p>
    </div>
  );
}
