// The report management dashboard: status filters, the four sorts, the report cards,
// and the dialogs they open, with the MUCU event dialogs on a toolbar. The server filters, sorts,
// counts, numbers and shades the list and sends one page of 50 cards at a time (keyset paging), so
// the page holds 50 cards whatever the size of the city's list. The page polls every 5 s; cards
// whose report did not change are not drawn again, so scroll position and focus stay. Also: search,
// unplaced reports, priority reports only or first, a date range, several cards' status at once, and
// the list being shown as CSV.
// The manual-report form belongs to the page (ManualReportHost), which outlives this list.
import { memo, startTransition, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import {
  ArrowDownWideNarrow,
  ArrowUpNarrowWide,
  CalendarPlus,
  ChevronLeft,
  ChevronRight,
  Download,
  Inbox,
  ListChecks,
  Search,
  ShieldAlert,
  UserPlus,
} from 'lucide-react';
import type { ReportPageItem, ReportPageQuery } from '#shared/contracts/report-list.ts';
import { REPORT_PAGE_SIZE } from '#shared/domain/report-list.ts';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '#shared/domain/report-status.ts';
import { api } from '#client/lib/api.ts';
import { inputClass } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { describeError } from '#client/lib/api-client.ts';
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { useSetStatusMany } from '../api/use-report-actions.ts';
import { useReportPage } from '../api/use-reports-list.ts';
import { nextSort, reportSorts, statusFilters, type ReportSort, type StatusFilter } from '../report-list.ts';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import { ReportCard } from './report-card.tsx';
import { CardIconSprite } from './card-icons.tsx';
import { formatCount } from '#shared/domain/format.ts';

// The dialogs this list opens load when first opened.
const AddEventDialog = lazyDialog(
  () => import('#client/features/events/components/add-event-dialog.tsx').then((m) => m.AddEventDialog),
  (props) => props.open,
);
const ManageEventsDialog = lazyDialog(
  () => import('#client/features/events/components/manage-events-dialog.tsx').then((m) => m.ManageEventsDialog),
  (props) => props.open,
);
const AddAttendanceDialog = lazyDialog(
  () => import('#client/features/events/components/add-attendance-dialog.tsx').then((m) => m.AddAttendanceDialog),
  (props) => props.open,
);
const DeleteReportDialog = lazyDialog(
  () => import('./delete-report-dialog.tsx').then((m) => m.DeleteReportDialog),
  (props) => props.target !== null,
);
const AddPhotoDialog = lazyDialog(
  () => import('./add-photo-dialog.tsx').then((m) => m.AddPhotoDialog),
  (props) => props.open,
);
const PhotoPreviewDialog = lazyDialog(
  () => import('./photo-preview-dialog.tsx').then((m) => m.PhotoPreviewDialog),
  (props) => props.photo !== null,
);

const pillClass =
  'min-h-11 rounded-xl border-2 px-4 text-sm font-semibold transition-colors border-civic-800 text-civic-800 hover:bg-civic-50 aria-pressed:bg-civic-800 aria-pressed:text-white';

/**
 * The cards of a new list drawn at once, enough to fill a desk's screen; the rest follow after that
 * paint, `MORE_CARDS` a frame, each lot a commit of its own that a click or the next answer can come
 * between (the 44 others in one commit held the page for 100-200 ms on this machine).
 */
const FIRST_CARDS = 6;
const MORE_CARDS = 8;

/** The filters besides status and sort: search words, unplaced or priority reports only, a range of days. */
interface Narrowing {
  q: string;
  unplaced: boolean;
  priority: boolean;
  from: string;
  to: string;
}
const noNarrowing: Narrowing = { q: '', unplaced: false, priority: false, from: '', to: '' };

export function ManagementDashboard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<ReportSort | null>(null);
  /** Priority reports before the others, each group in the chosen sort. */
  const [priorityFirst, setPriorityFirst] = useState(false);
  const [narrowing, setNarrowing] = useState<Narrowing>(noNarrowing);
  /** The cursor of each page visited so far: the last one is the page shown. */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editingId, setEditingId] = useState<number | null>(null);
  const [preview, setPreview] = useState<PreviewPhoto | null>(null);
  const [photoTarget, setPhotoTarget] = useState<{ id: number; label: string } | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<{ id: number; label: string } | null>(null);
  const [eventDialog, setEventDialog] = useState<'add' | 'manage' | 'attendance' | null>(null);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const eventDialogProps = (name: NonNullable<typeof eventDialog>) => ({
    open: eventDialog === name,
    onOpenChange: (open: boolean) => setEventDialog(open ? name : null),
  });

  const filters: Omit<ReportPageQuery, 'cursor' | 'limit'> = {
    status: filter,
    sort: sort ?? undefined,
    priorityFirst: priorityFirst ? '1' : undefined,
    q: narrowing.q || undefined,
    unplaced: narrowing.unplaced ? '1' : undefined,
    priority: narrowing.priority ? '1' : undefined,
    from: narrowing.from || undefined,
    to: narrowing.to || undefined,
  };
  const cursor = cursors[cursors.length - 1];
  const reports = useReportPage({ ...filters, cursor, limit: REPORT_PAGE_SIZE });
  const page = reports.data;
  const shown = page?.reports ?? [];
  const narrowed = filter !== 'all' || narrowing !== noNarrowing;

  // A new list (another question, or the first answer) shows its first cards at once and the rest
  // after the next paint, a few a frame. A refresh of the list on screen keeps every card: unchanged
  // ones are not drawn again. While the next question's answer is awaited, the last list stays as far
  // as it was drawn: drawing the rest of a list about to go would hold up the click.
  const question = JSON.stringify({ ...filters, cursor });
  const [drawn, setDrawn] = useState<{ question: string; count: number } | null>(null);
  const answered = page !== undefined && !reports.isPlaceholderData;
  if (answered && drawn?.question !== question) setDrawn({ question, count: FIRST_CARDS });
  const count = answered && drawn?.question !== question ? FIRST_CARDS : (drawn?.count ?? Infinity);
  const cards = count < shown.length ? shown.slice(0, count) : shown;
  // The list on screen belongs to one question: a new question's cards go into a new list element,
  // so the last list leaves the page in one piece rather than card by card (50 removals took half of
  // the time from a new answer to its first card).
  const shownQuestion = answered ? question : drawn?.question;
  const drawingMore = answered && count < shown.length;
  useEffect(() => {
    if (!drawingMore) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() =>
        startTransition(() =>
          setDrawn({ question, count: count + MORE_CARDS < shown.length ? count + MORE_CARDS : Infinity }),
        ),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [drawingMore, question, count, shown.length]);

  // A new question starts from its first page, with nothing picked.
  const startOver = () => {
    setCursors([undefined]);
    setSelected(new Set());
  };

  const onEdit = useCallback((id: number) => setEditingId(id), []);
  const onEditDone = useCallback(() => setEditingId(null), []);
  const onAddPhoto = useCallback((id: number, label: string) => setPhotoTarget({ id, label }), []);
  const onDelete = useCallback((id: number, label: string) => setDeleteTarget({ id, label }), []);
  const onSelect = useCallback(
    (id: number, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const first = shown[0]?.position ?? 0;
  const last = shown[shown.length - 1]?.position ?? 0;

  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <CardIconSprite />
      <Heading id={headingId} className="sr-only">
        Reports
      </Heading>
      <div className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="w-14 text-sm font-semibold text-slate-700">Show</span>
          <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
            {statusFilters.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={filter === option.value}
                onClick={() => {
                  setFilter(option.value);
                  startOver();
                }}
                className={pillClass}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="w-14 text-sm font-semibold text-slate-700">Sort</span>
          <div role="group" aria-label="Sort" className="flex flex-wrap gap-2">
            {reportSorts.map((option) => {
              const Icon = option.value.endsWith('newest') ? ArrowDownWideNarrow : ArrowUpNarrowWide;
              return (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={sort === option.value}
                  onClick={() => {
                    setSort(nextSort(sort, option.value));
                    startOver();
                  }}
                  className={`${pillClass} inline-flex items-center gap-1.5 px-3`}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {option.label}
                </button>
              );
            })}
            <button
              type="button"
              aria-pressed={priorityFirst}
              onClick={() => {
                setPriorityFirst(!priorityFirst);
                startOver();
              }}
              className={`${pillClass} inline-flex items-center gap-1.5 px-3`}
            >
              <ShieldAlert aria-hidden="true" className="h-4 w-4" />
              Priority first
            </button>
          </div>
        </div>
        <NarrowingForm
          applied={narrowing}
          onApply={(next) => {
            setNarrowing(next);
            startOver();
          }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <span className="w-14 text-sm font-semibold text-slate-700">Events</span>
          <div role="group" aria-label="MUCU events" className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setEventDialog('add')}
              className={`${pillClass} inline-flex items-center gap-1.5 px-3`}
            >
              <CalendarPlus aria-hidden="true" className="h-4 w-4" />
              Add MUCU Event
            </button>
            <button
              type="button"
              onClick={() => setEventDialog('manage')}
              className={`${pillClass} inline-flex items-center gap-1.5 px-3`}
            >
              <ListChecks aria-hidden="true" className="h-4 w-4" />
              Manage MUCU Events
            </button>
            <button
              type="button"
              onClick={() => setEventDialog('attendance')}
              className={`${pillClass} inline-flex items-center gap-1.5 px-3`}
            >
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              Add MUCU Attendance
            </button>
          </div>
        </div>
      </div>

      {reports.isPending && (
        <p aria-busy="true" className="text-slate-700">
          Loading reports...
        </p>
      )}
      {reports.isError && !reports.data && (
        <div role="alert" className="rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-950">
          <p className="font-semibold">The reports could not be loaded.</p>
          <p>{describeError(reports.error).message}</p>
        </div>
      )}

      {page && page.total === 0 && !narrowed && (
        <div className="grid justify-items-center gap-2 rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <Inbox aria-hidden="true" className="h-10 w-10 text-civic-700" />
          <p className="text-lg font-bold text-civic-900">{managementMessages.noReportsTitle}</p>
          <p className="text-slate-700">{managementMessages.noReports}</p>
        </div>
      )}

      {page && (page.total > 0 || narrowed) && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              {page.total === 0 ? (
                'Showing 0 of 0'
              ) : (
                <>
                  Showing {formatCount(first)}-{formatCount(last)} of {formatCount(page.total)}
                </>
              )}
              {shown.some((report) => report.duplicate) && <> · reports sharing a location are shaded grey</>}
            </p>
            <a
              href={api.reports.exportCsv.url({ query: filters })}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-civic-800 underline underline-offset-4 hover:bg-civic-50"
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              Export these reports (CSV)
            </a>
          </div>
          {selected.size > 0 && <BulkStatusBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
          {shown.length === 0 ? (
            <p className="rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-8 text-center text-slate-700">
              {cursors.length > 1
                ? 'No more reports on this page: go back to the previous page.'
                : narrowing === noNarrowing
                  ? 'No reports have this status.'
                  : 'No reports match these filters.'}
            </p>
          ) : (
            <ol
              key={shownQuestion}
              className="grid gap-4 xl:grid-cols-2"
              aria-busy={reports.isPlaceholderData || undefined}
            >
              {cards.map((report) => (
                <ReportListItem
                  key={report.id}
                  report={report}
                  mapLink={report.locationLink}
                  editing={editingId === report.id}
                  selected={selected.has(report.id)}
                  onEdit={onEdit}
                  onEditDone={onEditDone}
                  onPreview={setPreview}
                  onAddPhoto={onAddPhoto}
                  onDelete={onDelete}
                  onSelect={onSelect}
                />
              ))}
            </ol>
          )}
          {(cursors.length > 1 || page.nextCursor) && (
            <nav aria-label="Pages of reports" className="flex flex-wrap items-center justify-between gap-2">
              <button
                type="button"
                disabled={cursors.length <= 1}
                onClick={() => setCursors((stack) => stack.slice(0, -1))}
                className={`${pillClass} inline-flex items-center gap-1.5 px-3 disabled:opacity-50`}
              >
                <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                Previous {REPORT_PAGE_SIZE}
              </button>
              <button
                type="button"
                disabled={!page.nextCursor || reports.isPlaceholderData}
                onClick={() => page.nextCursor && setCursors((stack) => [...stack, page.nextCursor!])}
                className={`${pillClass} inline-flex items-center gap-1.5 px-3 disabled:opacity-50`}
              >
                Next {REPORT_PAGE_SIZE}
                <ChevronRight aria-hidden="true" className="h-4 w-4" />
              </button>
            </nav>
          )}
        </>
      )}

      <PhotoPreviewDialog photo={preview} onClose={() => setPreview(null)} />
      <AddPhotoDialog
        reportId={photoTarget?.id ?? null}
        label={photoTarget?.label ?? ''}
        open={photoTarget !== null}
        onOpenChange={(open) => !open && setPhotoTarget(null)}
      />
      <DeleteReportDialog target={deleteTarget} onClose={() => setDeleteTarget(null)} />
      <AddEventDialog {...eventDialogProps('add')} />
      <ManageEventsDialog {...eventDialogProps('manage')} />
      <AddAttendanceDialog {...eventDialogProps('attendance')} />
    </section>
  );
}

interface ReportListItemProps {
  report: ReportPageItem;
  mapLink: string | null;
  editing: boolean;
  selected: boolean;
  onEdit(id: number): void;
  onEditDone(): void;
  onPreview(photo: PreviewPhoto): void;
  onAddPhoto(id: number, label: string): void;
  onDelete(id: number, label: string): void;
  onSelect(id: number, selected: boolean): void;
}

/** One card; drawn again only when its report, position or state changed (a refresh keeps the rest). */
const ReportListItem = memo(function ReportListItem({
  report,
  mapLink,
  editing,
  selected,
  onEdit,
  onEditDone,
  onPreview,
  onAddPhoto,
  onDelete,
  onSelect,
}: ReportListItemProps) {
  const label = `Report #${report.position}`;
  return (
    <li className="grid">
      <ReportCard
        report={report}
        position={report.position}
        duplicate={report.duplicate}
        mapLink={mapLink}
        editing={editing}
        onEdit={() => onEdit(report.id)}
        onEditDone={onEditDone}
        onPreview={onPreview}
        onAddPhoto={() => onAddPhoto(report.id, label)}
        onDelete={() => onDelete(report.id, label)}
        selected={selected}
        onSelectedChange={(on) => onSelect(report.id, on)}
      />
    </li>
  );
});

/** Search words, unplaced or priority reports only, and a range of days; applied together with the button. */
function NarrowingForm({ applied, onApply }: { applied: Narrowing; onApply(next: Narrowing): void }) {
  const [draft, setDraft] = useState(applied);
  const ids = { q: useId(), from: useId(), to: useId(), unplaced: useId(), priority: useId() };
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { ...draft, q: draft.q.trim() };
    const same = (Object.keys(next) as (keyof Narrowing)[]).every((key) => next[key] === noNarrowing[key]);
    onApply(same ? noNarrowing : next);
  }
  return (
    <form role="search" aria-label="Search reports" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-48 flex-1 gap-1">
        <label htmlFor={ids.q} className="text-sm font-semibold text-slate-700">
          Search
        </label>
        <input
          id={ids.q}
          type="search"
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          placeholder="Three words, report number or description"
          className={inputClass}
        />
      </div>
      <button type="submit" className={`${pillClass} inline-flex items-center gap-1.5 px-3`}>
        <Search aria-hidden="true" className="h-4 w-4" />
        Search
      </button>
      <details
        className="group w-full"
        open={Boolean(applied.unplaced || applied.priority || applied.from || applied.to) || undefined}
      >
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-civic-800 underline underline-offset-4">
          More filters (dates, priority, reports without a map position)
        </summary>
        <div className="flex flex-wrap items-end gap-2 pt-2">
          <div className="grid gap-1">
            <label htmlFor={ids.from} className="text-sm font-semibold text-slate-700">
              Reported from
            </label>
            <input
              id={ids.from}
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              className={inputClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.to} className="text-sm font-semibold text-slate-700">
              Reported to
            </label>
            <input
              id={ids.to}
              type="date"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              className={inputClass}
            />
          </div>
          <label htmlFor={ids.unplaced} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              id={ids.unplaced}
              type="checkbox"
              checked={draft.unplaced}
              onChange={(event) => setDraft({ ...draft, unplaced: event.target.checked })}
              className="h-5 w-5 accent-civic-800"
            />
            Only reports without a map position
          </label>
          <label htmlFor={ids.priority} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              id={ids.priority}
              type="checkbox"
              checked={draft.priority}
              onChange={(event) => setDraft({ ...draft, priority: event.target.checked })}
              className="h-5 w-5 accent-civic-800"
            />
            Priority only
          </label>
        </div>
      </details>
    </form>
  );
}

/** The picked cards' count and the three statuses to give them all at once. */
function BulkStatusBar({ ids, onDone }: { ids: number[]; onDone(): void }) {
  const setMany = useSetStatusMany();
  async function apply(status: ReportStatus) {
    try {
      const { updated } = await setMany.mutateAsync({ ids, status });
      toast({
        title: 'Status updated',
        description: `${formatCount(updated)} ${updated === 1 ? 'report' : 'reports'}: ${REPORT_STATUS_LABELS[status]}`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      errorToast(managementMessages.errors.updateStatus, error);
    }
  }
  return (
    <div
      role="group"
      aria-label="Set the status of the selected reports"
      className="flex flex-wrap items-center gap-2 rounded-2xl border-2 border-civic-800 bg-civic-50 p-3"
    >
      <span className="font-semibold text-civic-900">{formatCount(ids.length)} selected</span>
      {REPORT_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          disabled={setMany.isPending}
          onClick={() => void apply(status)}
          className={`${pillClass} bg-white disabled:opacity-60`}
        >
          Set all to {statusFilters.find((option) => option.value === status)!.label}
        </button>
      ))}
      <button type="button" onClick={onDone} className={`${pillClass} bg-white`}>
        Clear selection
      </button>
    </div>
  );
}
