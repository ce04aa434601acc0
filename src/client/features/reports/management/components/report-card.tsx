// One report on the management dashboard: 'Report #n' by list position and the report's reference
// (its own number, the one its reporter was given), the location with its map link, the photo
// (preview on press), description, dates, status line, inline edit, add photo, delete, and the
// three status buttons. A report sharing its location is greyed. Laid out to be read at a glance:
// the photo small beside the title, so a phone's first screen holds a whole card.
import { lazy, memo, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { placementLabels } from '#shared/domain/location-messages.ts';
import { redactionMessages } from '#shared/domain/privacy-messages.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { formatDate, formatDateTime } from '#shared/domain/format.ts';
import { dueWords } from '#shared/domain/service-level-words.ts';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '#shared/domain/report-status.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useSetReportStatus } from '#client/features/reports/api/use-set-report-status.ts';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import { ReportPhoto } from './report-photo.tsx';
import { CardIcon } from './card-icons.tsx';
import { ClockFact, Fact } from './card-fact.tsx';
import { lazyCard } from '#client/components/ui/lazy-card.tsx';
import { cardTitle, reference, statusButtonLabel } from '../report-list.ts';
import type { ReportPageItem } from '#shared/contracts/reports.ts';
import type { DeleteTarget } from './delete-report-dialog.tsx';

const EditReportForm = lazy(() => import('./edit-report-form.tsx').then((m) => ({ default: m.EditReportForm })));
// The row of marks and follow-up loads once the list is shown and the browser is idle.
const CardFollowUp = lazyCard(() => import('./card-follow-up.tsx').then((m) => m.CardFollowUp));
// So do the facts of a report from a partner app or referred to its owner, on the few cards that have them.
const ReportOwnerFacts = lazyCard(() => import('./report-owner-facts.tsx').then((m) => m.ReportOwnerFacts));

const statusBadge: Record<ReportStatus, string> = {
  reported: 'bg-amber-100 text-amber-950 border-amber-700',
  cleaning: 'bg-sky-100 text-sky-950 border-sky-700',
  completed: 'bg-emerald-100 text-emerald-950 border-emerald-700',
};

/** The card's details: under the photo and title on a phone, beside the photo from a tablet's width up. */
const beside = 'col-span-2 sm:col-span-1 sm:col-start-2';
const actionClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 font-semibold text-civic-900 hover:bg-black/5 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

interface ReportCardProps {
  report: ReportPageItem;
  editing: boolean;
  onEdit(id: number, title: string): void;
  onEditDone(): void;
  /** Whether the open inline edit holds changes not saved yet. */
  onEditDirty(dirty: boolean): void;
  onPreview(photo: PreviewPhoto): void;
  onAddPhoto(id: number, label: string): void;
  onDelete(target: DeleteTarget): void;
  /** Whether it is picked for a status change of several reports at once. */
  selected: boolean;
  onSelect(id: number, selected: boolean): void;
}

/** One card; drawn again only when its report, position or state changed (a refresh keeps the rest). */
export const ReportCard = memo(function ReportCard({
  report,
  editing,
  onEdit,
  onEditDone,
  onEditDirty,
  onPreview,
  onAddPhoto,
  onDelete,
  selected,
  onSelect,
}: ReportCardProps) {
  const { position, duplicate, claimLapsesAt, locationLink: mapLink } = report;
  const title = cardTitle(position);
  const titleId = useId();
  const updateStatus = useSetReportStatus();
  const [photoMissing, setPhotoMissing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Set when an inline edit ends by Save, Cancel or Escape: the focus goes back to Edit. */
  const backToEdit = useRef(false);

  useLayoutEffect(() => {
    if (editing || !backToEdit.current) return;
    backToEdit.current = false;
    editButton.current?.focus();
  }, [editing]);

  async function setStatus(status: ReportStatus) {
    // Not disabled while it runs: a disabled button would drop the keyboard focus onto the page.
    if (updateStatus.isPending) return;
    try {
      await updateStatus.mutateAsync({ id: report.id, status });
      toastSuccess('Status updated', `${title} (reference ${reference(report.id)}): ${REPORT_STATUS_LABELS[status]}`);
    } catch (error) {
      errorToast(managementMessages.errors.updateStatus, error);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      data-duplicate={duplicate || undefined}
      // Focused by the list itself (a new page, or the card now in the place of one that left).
      tabIndex={-1}
      className={`grid scroll-mt-4 grid-cols-[5rem_minmax(0,1fr)] content-start gap-x-3 gap-y-2 rounded-2xl border-2 p-3 shadow-sm sm:grid-cols-[7rem_minmax(0,1fr)] sm:p-4 lg:grid-cols-[8rem_minmax(0,1fr)_22rem] lg:gap-x-4 ${
        duplicate ? 'border-stone-400 bg-stone-200' : 'border-stone-200 bg-white'
      }`}
    >
      {/*
        A phone: the photo beside the title, the details and actions below. A tablet: the photo beside
        the details. A desk: one row of a table, the actions in a column of their own on the right.
      */}
      <div className="grid gap-1.5 self-start sm:row-span-5 lg:row-span-4">
        <button
          type="button"
          onClick={() =>
            onPreview({
              url: report.photoUrl,
              alt: `Graffiti at ${report.what3words}`,
              caption: `${title} (reference ${reference(report.id)}) at ${report.what3words}`,
            })
          }
          className={`block w-full overflow-hidden rounded-xl bg-stone-100 ${photoMissing ? 'min-h-24' : 'aspect-[4/3]'}`}
        >
          <span className="sr-only">View photo of {title}</span>
          <ReportPhoto src={report.thumbnailUrl} alt="" onMissing={() => setPhotoMissing(true)} />
        </button>
        {report.photoRedacted && (
          <p className="flex items-center gap-1 text-xs font-semibold text-slate-700">
            <CardIcon name="eye-off" className="h-3.5 w-3.5 shrink-0" />
            {redactionMessages.edited}
          </p>
        )}
      </div>

      <div className="grid min-w-0 content-start">
        <div className="flex flex-wrap items-center gap-x-3">
          <h3 id={titleId} className="text-lg font-bold text-civic-900">
            {title}
          </h3>
          <p className="text-sm font-semibold text-slate-700 max-lg:order-last max-lg:-mt-2 max-lg:w-full">
            Reference {reference(report.id)}
          </p>
          <label className="ml-auto inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelect(report.id, event.target.checked)}
              className="h-5 w-5 accent-civic-800"
            />
            Select<span className="sr-only"> {title}</span>
          </label>
        </div>
        {(duplicate || report.locationStatus !== 'checked') && (
          <div className="flex flex-wrap gap-1.5 pt-1">
            {duplicate && (
              <span className="inline-flex items-center gap-1 rounded-full border border-slate-500 bg-white px-2 py-0.5 text-xs font-semibold text-slate-800">
                <CardIcon name="copy" className="h-3.5 w-3.5" />
                Duplicate location
              </span>
            )}
            {report.locationStatus !== 'checked' && (
              <span className="inline-flex items-center gap-1 rounded-full border border-amber-800 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950">
                <CardIcon name="map-pin-off" className="h-3.5 w-3.5" />
                {placementLabels[report.locationStatus]}
              </span>
            )}
          </div>
        )}
      </div>

      <div className={`${beside} grid gap-2`}>
        {editing ? (
          <Suspense fallback={<p className="text-slate-700">Opening the edit...</p>}>
            <EditReportForm
              report={report}
              title={title}
              onDirty={onEditDirty}
              onDone={() => {
                backToEdit.current = true;
                onEditDone();
              }}
            />
          </Suspense>
        ) : (
          <>
            <p className="flex min-h-11 flex-wrap items-center gap-x-2">
              <CardIcon name="map-pin" className="h-4 w-4 shrink-0 text-civic-700" />
              <span className="break-all font-semibold text-slate-900">{report.what3words}</span>
              {mapLink && (
                <a
                  href={mapLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-civic-800 underline underline-offset-4"
                >
                  {/* Short on the card, so the words and their link share one line on a phone. */}
                  <span className="sr-only">Open </span>
                  Map<span className="sr-only"> of {report.what3words} (opens in a new tab)</span>
                  <CardIcon name="external-link" className="h-4 w-4" />
                </a>
              )}
            </p>
            {report.description ? (
              <p className="whitespace-pre-line text-slate-800">{report.description}</p>
            ) : (
              <p className="text-slate-600">No description</p>
            )}
          </>
        )}
      </div>

      <dl className={`${beside} flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-800`}>
        <Fact label="Reported:">{formatDate(report.reportedAt)}</Fact>
        <Fact label="Cleaned:">{formatDate(report.completedAt) ?? 'Not yet'}</Fact>
        <Fact label="Position:">
          {report.locationSource ? placementLabels.source[report.locationSource] : 'None yet'}
        </Fact>
        <Fact label="Status:" className={`rounded-full border px-2 py-px font-semibold ${statusBadge[report.status]}`}>
          {REPORT_STATUS_LABELS[report.status]}
        </Fact>
        {claimLapsesAt && <Fact label={managementMessages.claimLapsesLabel}>{formatDateTime(claimLapsesAt)}</Fact>}
        {report.dueAt && report.status !== 'completed' && <ClockFact dueAt={report.dueAt} words={dueWords} />}
        {(report.partner || report.referral) && <ReportOwnerFacts report={report} />}
      </dl>

      {/* The height of its buttons kept while their code loads. */}
      <div className={`${beside} flex min-h-11 flex-wrap items-start gap-1 lg:col-start-3 lg:row-start-1`}>
        <CardFollowUp report={report} label={title} onPreview={onPreview} />
      </div>

      {/* Kept clear of a toast that opens while one of these has the focus. */}
      <div
        data-toast-clear
        className="col-span-2 grid content-start gap-1 border-t border-stone-300 pt-2 lg:col-span-1 lg:col-start-3 lg:row-span-3 lg:row-start-2 lg:border-t-0 lg:pt-0"
      >
        {/* Joined into one control, as the status filter is, so the three fit one row of a phone. */}
        <div
          role="group"
          aria-label={`Set the status of ${title}`}
          className="flex w-fit rounded-xl border-2 border-civic-800 bg-white divide-x-2 divide-civic-800"
        >
          {REPORT_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={report.status === status}
              aria-disabled={updateStatus.isPending || undefined}
              onClick={() => void setStatus(status)}
              className="min-h-11 px-3 text-sm font-semibold text-civic-800 first:rounded-l-[10px] last:rounded-r-[10px] hover:bg-civic-50 aria-disabled:opacity-60 aria-pressed:bg-civic-800 aria-pressed:text-white"
            >
              {statusButtonLabel(status)}
            </button>
          ))}
        </div>
        <div className="-ml-2 flex flex-wrap">
          <button
            ref={editButton}
            type="button"
            className={actionClass}
            // Not disabled while the edit is open: the focus stays on it until the form takes it.
            aria-disabled={editing || undefined}
            onClick={() => !editing && onEdit(report.id, title)}
            aria-label={`Edit ${title}`}
          >
            <CardIcon name="pencil" className="h-4 w-4" />
            Edit
          </button>
          <button
            type="button"
            className={actionClass}
            onClick={() => onAddPhoto(report.id, title)}
            aria-label={`Add photo to ${title}`}
          >
            <CardIcon name="image-plus" className="h-4 w-4" />
            Add photo
          </button>
          <button
            type="button"
            className={`${actionClass} text-red-800`}
            onClick={() => onDelete({ id: report.id, label: title, what3words: report.what3words })}
            aria-label={`Delete ${title}`}
          >
            <CardIcon name="trash-2" className="h-4 w-4" />
            Delete
          </button>
        </div>
      </div>
    </article>
  );
});
