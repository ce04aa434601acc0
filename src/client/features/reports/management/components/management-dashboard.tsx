// The report management dashboard: status filters, the four sorts, the report cards,
// and the dialogs they open, with the MUCU event dialogs on a toolbar. The server filters, sorts,
// counts, numbers and shades the list and sends one page of 50 cards at a time (keyset paging, or
// from a given 'Report #n'), so the page holds 50 cards whatever the size of the city's list. The
// page polls every 5 s; cards whose report did not change are not drawn again, so scroll position and
// focus stay. Also: search, unplaced reports, priority reports only or first, a date range, several
// cards' status at once, and the list being shown as CSV.
// The keyboard focus stays with the work (use-list-focus.ts).
// The controls sit in two rows so that cards show on the first screen: the status filter and the
// search, then the sorts, the other filters and the MUCU events (behind 'More' on a phone).
// The manual-report form belongs to the page (ManualReportHost), which outlives this list.
import { useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Download, Search } from 'lucide-react';
import type { ReportListSort, ReportListStatus, ReportPageQuery } from '#shared/contracts/reports.ts';
import { REPORT_PAGE_SIZE } from '#shared/domain/report-list.ts';
import { reportsApi } from '#client/lib/calls/reports.ts';
import { inputClass } from '#client/components/ui/input-class.ts';
import { describeError } from '#client/lib/api-client.ts';
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { useDrawInSlices } from '#client/lib/use-draw-in-slices.ts';
import { toggled } from '#client/lib/toggled.ts';
import { useListFocus } from '../use-list-focus.ts';
import { useReportPage } from '../api/use-reports-list.ts';
import { nextSort, reportSorts, statusFilters, type Narrowing } from '../report-list.ts';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import type { DeleteTarget } from './delete-report-dialog.tsx';
import { ReportCard } from './report-card.tsx';
import { CardIcon, CardIconSprite } from './card-icons.tsx';
import { pillClass } from './pill.ts';
import { formatCount } from '#shared/domain/format.ts';
import { Loading } from '#client/components/ui/loading.tsx';

// The dialogs this list opens load when first opened; so do the other filters, and the bar for
// several cards at once.
const EventsPanel = lazyDialog(
  () => import('./events-panel.tsx').then((m) => m.EventsPanel),
  (props) => props.shown,
);
const DeleteReportDialog = lazyDialog(
  () => import('./delete-report-dialog.tsx').then((m) => m.DeleteReportDialog),
  (props) => props.target !== null,
);
const AddPhotoDialog = lazyDialog(() => import('./add-photo-dialog.tsx').then((m) => m.AddPhotoDialog));
const PhotoPreviewDialog = lazyDialog(
  () => import('./photo-preview-dialog.tsx').then((m) => m.PhotoPreviewDialog),
  (props) => props.photo !== null,
);
const DiscardEditDialog = lazyDialog(
  () => import('./discard-edit-dialog.tsx').then((m) => m.DiscardEditDialog),
  (props) => props.editing !== null,
);
const MoreFilters = lazyDialog(() => import('./more-filters.tsx').then((m) => m.MoreFilters));
// The pages' controls show below a full page of cards only, the empty list's note on an empty list
// only: they load when first shown.
const ListPages = lazyDialog(() => import('./list-pages.tsx').then((m) => m.ListPages));
const NoReports = lazyDialog(() => import('./list-pages.tsx').then((m) => m.NoReports));
const BulkStatusBar = lazyDialog(
  () => import('./bulk-status-bar.tsx').then((m) => m.BulkStatusBar),
  (props) => props.ids.length > 0,
);

/**
 * Buttons joined into one control (the status filter; the sorts from a tablet's width up): one
 * outline, dividers between, the end buttons rounded to fit it (not clipped, which would clip their
 * focus ring too).
 */
const segmentClass =
  'min-h-11 flex-auto whitespace-nowrap px-2 text-sm font-semibold text-civic-800 transition-colors first:rounded-l-[10px] last:rounded-r-[10px] hover:bg-civic-50 aria-pressed:bg-civic-800 aria-pressed:text-white sm:flex-none sm:px-3';
const segmentsClass = 'flex rounded-xl border-2 border-civic-800 bg-white divide-x-2 divide-civic-800';
/** The sorts: separate buttons on a phone, where they wrap; joined from a tablet's width up. */
const sortsClass =
  'flex flex-wrap gap-2 sm:flex-nowrap sm:gap-0 sm:rounded-xl sm:border-2 sm:border-civic-800 sm:bg-white sm:divide-x-2 sm:divide-civic-800';
const sortClass = `${segmentClass} max-sm:rounded-xl max-sm:border-2 max-sm:border-civic-800 max-sm:bg-white max-sm:px-3`;

/** The cards of a new list drawn at once, enough to fill a desk's screen, then a slice a frame. */
const SLICES = { first: 6, more: 8 };

const noNarrowing: Narrowing = {
  q: '',
  unplaced: false,
  priority: false,
  overdue: false,
  awaitingConsent: false,
  from: '',
  to: '',
};

/** A page of the list: the first, the one after a cursor, or the one starting at a 'Report #n'. */
export type PageKey = { cursor?: string; position?: number };

export function ManagementDashboard({
  initialSearch,
}: {
  /** A search the list opens with ('#12': that report's card alone), its first card taking the focus. */
  initialSearch?: string;
}) {
  const [filter, setFilter] = useState<ReportListStatus>('all');
  const [sort, setSort] = useState<ReportListSort | null>(null);
  /** Priority reports before the others, each group in the chosen sort. */
  const [priorityFirst, setPriorityFirst] = useState(false);
  const [narrowing, setNarrowing] = useState<Narrowing>(() =>
    initialSearch ? { ...noNarrowing, q: initialSearch } : noNarrowing,
  );
  /** The search and the other filters as typed, applied together by the Search button. */
  const [draft, setDraft] = useState<Narrowing>(narrowing);
  /** The pages visited so far: the last one is the page shown. */
  const [pages, setPages] = useState<PageKey[]>([{}]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<{ id: number; title: string } | null>(null);
  /** Another card's Edit pressed while the open edit has changes: asked about before it is dropped. */
  const [switchTo, setSwitchTo] = useState<{ id: number; title: string } | null>(null);
  const [preview, setPreview] = useState<PreviewPhoto | null>(null);
  const [photoTarget, setPhotoTarget] = useState<{ id: number; label: string } | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const [shownPanel, setShownPanel] = useState({ options: false, filters: false, events: false });
  const ids = { heading: useId(), search: useId(), options: useId(), filters: useId(), events: useId() };
  const toggle = (panel: keyof typeof shownPanel) => () =>
    setShownPanel((shown) => ({ ...shown, [panel]: !shown[panel] }));

  const filters: Omit<ReportPageQuery, 'cursor' | 'limit'> = {
    status: filter,
    sort: sort ?? undefined,
    priorityFirst: priorityFirst ? '1' : undefined,
    q: narrowing.q || undefined,
    unplaced: narrowing.unplaced ? '1' : undefined,
    priority: narrowing.priority ? '1' : undefined,
    overdue: narrowing.overdue ? '1' : undefined,
    awaitingConsent: narrowing.awaitingConsent ? '1' : undefined,
    from: narrowing.from || undefined,
    to: narrowing.to || undefined,
  };
  const pageKey = pages[pages.length - 1]!;
  const reports = useReportPage({ ...filters, ...pageKey, limit: REPORT_PAGE_SIZE });
  const page = reports.data;
  const shown = page?.reports ?? [];
  const narrowed = filter !== 'all' || narrowing !== noNarrowing;

  // A new question's cards go into a new list element, so the last list leaves the page in one piece
  // rather than card by card.
  const answered = page !== undefined && !reports.isPlaceholderData;
  const { items: cards, shownQuestion } = useDrawInSlices(
    shown,
    JSON.stringify({ ...filters, ...pageKey }),
    answered,
    SLICES,
  );

  const { section, heading, focusNewPage, onListFocus, onListBlur } = useListFocus(answered);
  useState(() => initialSearch && focusNewPage());

  // A new question starts from its first page, with nothing picked.
  const startOver = () => {
    setPages([{}]);
    setSelected(new Set());
  };
  const goTo = (next: PageKey[]) => {
    focusNewPage();
    setPages(next);
  };

  // The edit open now, read by the cards' stable Edit callback.
  const editingNow = useRef(editing);
  useLayoutEffect(() => {
    editingNow.current = editing;
  }, [editing]);
  const editDirty = useRef(false);
  const onEdit = useCallback((id: number, title: string) => {
    const open = editingNow.current;
    if (open && open.id !== id && editDirty.current) setSwitchTo({ id, title });
    else setEditing({ id, title });
  }, []);
  const onEditDone = useCallback(() => setEditing(null), []);
  const onEditDirty = useCallback((dirty: boolean) => {
    editDirty.current = dirty;
  }, []);
  const onAddPhoto = useCallback((id: number, label: string) => setPhotoTarget({ id, label }), []);
  const onSelect = useCallback((id: number, on: boolean) => setSelected((current) => toggled(current, id, on)), []);
  const first = shown[0]?.position ?? 0;
  const last = shown[shown.length - 1]?.position ?? 0;
  // How many of the choices behind 'More filters' (all but the search), and behind a phone's 'More', are in use.
  const filtersOn = Object.entries(narrowing).filter(([key, value]) => key !== 'q' && value).length;
  const hiddenOn = filtersOn + (sort ? 1 : 0) + (priorityFirst ? 1 : 0);

  function previousPage() {
    if (pageKey.cursor) return goTo(pages.slice(0, -1));
    // A page reached by 'Go to' has no page before it in the stack: the one before it by position.
    const from = (pageKey.position ?? 1) - REPORT_PAGE_SIZE;
    goTo(from > 1 ? [...pages.slice(0, -1), { position: from }] : [{}]);
  }

  function applyNarrowing(event: FormEvent) {
    event.preventDefault();
    const next = { ...draft, q: draft.q.trim() };
    const same = (Object.keys(next) as (keyof Narrowing)[]).every((key) => next[key] === noNarrowing[key]);
    setNarrowing(same ? noNarrowing : next);
    startOver();
  }

  return (
    <section ref={section} aria-labelledby={ids.heading} className="grid gap-3">
      <CardIconSprite />
      <h2 ref={heading} id={ids.heading} tabIndex={-1} className="sr-only">
        Reports
      </h2>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Filter by status" className={`${segmentsClass} w-full sm:w-auto`}>
            {statusFilters.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={filter === option.value}
                onClick={() => {
                  setFilter(option.value);
                  startOver();
                }}
                className={segmentClass}
              >
                {option.label}
              </button>
            ))}
          </div>
          <form
            id={ids.search}
            role="search"
            aria-label="Search reports"
            onSubmit={applyNarrowing}
            className="flex min-w-0 flex-1 basis-48 gap-2"
          >
            <label htmlFor={`${ids.search}-q`} className="sr-only">
              Search
            </label>
            <input
              id={`${ids.search}-q`}
              type="search"
              value={draft.q}
              onChange={(event) => setDraft({ ...draft, q: event.target.value })}
              placeholder="Three words, reference or description"
              className={`${inputClass} min-w-0 flex-1`}
            />
            <button type="submit" className={`${pillClass} inline-flex shrink-0 items-center gap-1.5`}>
              <Search aria-hidden="true" className="h-4 w-4" />
              <span className="max-sm:sr-only">Search</span>
            </button>
          </form>
          <PanelToggle shown={shownPanel.options} controls={ids.options} onClick={toggle('options')} phoneOnly>
            More<span className="sr-only"> options</span>
            {hiddenOn > 0 && ` (${hiddenOn} on)`}
          </PanelToggle>
          {/* Behind 'More' on a phone; on a desk its parts join this row, the sorts on a row below. */}
          <div
            id={ids.options}
            className={`${shownPanel.options ? 'flex' : 'hidden'} w-full flex-wrap items-center gap-2 lg:contents`}
          >
            <div role="group" aria-label="Sort" className={`${sortsClass} lg:order-last`}>
              {reportSorts.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  aria-pressed={sort === option.value}
                  onClick={() => {
                    setSort(nextSort(sort, option.value));
                    startOver();
                  }}
                  className={sortClass}
                >
                  {option.label}
                </button>
              ))}
              <button
                type="button"
                aria-pressed={priorityFirst}
                onClick={() => {
                  setPriorityFirst(!priorityFirst);
                  startOver();
                }}
                className={sortClass}
              >
                Priority first
              </button>
            </div>
            <PanelToggle shown={shownPanel.filters} controls={ids.filters} onClick={toggle('filters')}>
              More filters
              {filtersOn > 0 && ` (${filtersOn} on)`}
            </PanelToggle>
            <PanelToggle shown={shownPanel.events} controls={ids.events} onClick={toggle('events')}>
              MUCU events
            </PanelToggle>
          </div>
        </div>
        {shownPanel.filters && (
          <MoreFilters id={ids.filters} form={ids.search} draft={draft} onChange={setDraft} applied={narrowing} />
        )}
        <EventsPanel id={ids.events} shown={shownPanel.events} />
      </div>

      {reports.isPending && <Loading busy>Loading reports...</Loading>}
      {reports.isError && !reports.data && (
        <div role="alert" className="rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-950">
          <p className="font-semibold">The reports could not be loaded.</p>
          <p>{describeError(reports.error).message}</p>
        </div>
      )}

      {page && page.total === 0 && !narrowed && <NoReports />}

      {page && (page.total > 0 || narrowed) && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-x-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              {shown.length === 0 ? (
                `Showing 0 of ${formatCount(page.total)}`
              ) : (
                <>
                  Showing {formatCount(first)}-{formatCount(last)} of {formatCount(page.total)}
                </>
              )}
              {shown.some((report) => report.duplicate) && (
                // A phone has no room for it; each shaded card says 'Duplicate location' itself.
                <span className="max-sm:hidden"> · reports sharing a location are shaded grey</span>
              )}
            </p>
            <a
              href={reportsApi.exportCsv.url({ query: filters })}
              className="-mr-3 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-civic-800 underline underline-offset-4 hover:bg-civic-50"
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {/* On a phone it reads 'CSV' beside the count; its name is the same. */}
              <span>
                <span className="max-sm:sr-only">Export these reports (</span>CSV
                <span className="max-sm:sr-only">)</span>
              </span>
            </a>
          </div>
          <BulkStatusBar ids={[...selected]} onDone={() => setSelected(new Set())} />
          {shown.length === 0 ? (
            <p className="rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-8 text-center text-slate-700">
              {pages.length > 1
                ? 'No more reports on this page: go back to the previous page.'
                : narrowing === noNarrowing
                  ? 'No reports have this status.'
                  : 'No reports match these filters.'}
            </p>
          ) : (
            <ol
              key={shownQuestion}
              className="grid gap-3"
              aria-busy={reports.isPlaceholderData || undefined}
              onFocus={onListFocus}
              onBlur={onListBlur}
            >
              {cards.map((report) => (
                <li key={report.id} className="grid">
                  <ReportCard
                    report={report}
                    editing={editing?.id === report.id}
                    selected={selected.has(report.id)}
                    onEdit={onEdit}
                    onEditDone={onEditDone}
                    onEditDirty={onEditDirty}
                    onPreview={setPreview}
                    onAddPhoto={onAddPhoto}
                    onDelete={setDeleteTarget}
                    onSelect={onSelect}
                  />
                </li>
              ))}
            </ol>
          )}
          {(pages.length > 1 || page.nextCursor || page.total > REPORT_PAGE_SIZE) && (
            <ListPages
              page={page}
              pages={pages}
              first={first}
              waiting={reports.isPlaceholderData}
              onPrevious={previousPage}
              onGo={goTo}
            />
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
      <DiscardEditDialog
        editing={switchTo && editing ? editing.title : null}
        onKeep={() => setSwitchTo(null)}
        onDiscard={() => {
          setEditing(switchTo);
          setSwitchTo(null);
        }}
        focusAfterClose={() =>
          section.current?.querySelector<HTMLElement>('form[data-inline-edit] :is(input, textarea)')
        }
      />
    </section>
  );
}

/** A button that shows and hides a panel of more controls, its arrow pointing up while shown. */
function PanelToggle({
  shown,
  controls,
  onClick,
  phoneOnly = false,
  children,
}: {
  shown: boolean;
  controls: string;
  onClick(): void;
  /** Shown below a desk's width only, where the panel's controls would not fit the row. */
  phoneOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={shown}
      aria-controls={controls}
      onClick={onClick}
      className={`${pillClass} inline-flex items-center gap-1 ${phoneOnly ? 'lg:hidden' : ''}`}
    >
      {children}
      <CardIcon name="chevron-down" className={`h-4 w-4 ${shown ? 'rotate-180' : ''}`} />
    </button>
  );
}
