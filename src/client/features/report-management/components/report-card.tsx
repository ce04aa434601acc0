// One report on the management dashboard: 'Report #n' by list position, the location
// with its map link, the photo (preview on press), description, dates, status line, inline edit,
// add photo, delete, and the three status buttons. A report sharing its location is greyed.
import { useId, useState, type FormEvent } from 'react';
import { placementLabels } from '#shared/domain/location-messages.ts';
import { redactionMessages } from '#shared/domain/privacy-messages.ts';
import type { Report } from '#shared/contracts/reports.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { formatDate } from '#shared/domain/format.ts';
import { messages } from '#shared/domain/messages.ts';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '#shared/domain/report-status.ts';
import { Button } from '#client/components/ui/button.tsx';
import { inputClass } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useSetReportStatus } from '#client/features/reports/api/use-set-report-status.ts';
import { useUpdateReport } from '../api/use-report-actions.ts';
import type { PreviewPhoto } from './photo-preview-dialog.tsx';
import { AddedPhotos } from './report-photos.tsx';
import { ReportPhoto } from './report-photo.tsx';
import { CardIcon } from './card-icons.tsx';
import { EditActions } from '#client/components/ui/edit-actions.tsx';
import { ReportMarks } from '#client/features/report-follow-up/components/report-marks.tsx';

const statusButtonLabels: Record<ReportStatus, string> = {
  reported: 'Reported',
  cleaning: 'Cleaning',
  completed: 'Completed',
};

const statusBadge: Record<ReportStatus, string> = {
  reported: 'bg-amber-100 text-amber-950 border-amber-700',
  cleaning: 'bg-sky-100 text-sky-950 border-sky-700',
  completed: 'bg-emerald-100 text-emerald-950 border-emerald-700',
};

export interface ReportCardProps {
  report: Report;
  /** Its position in the list as shown, from 1. */
  position: number;
  duplicate: boolean;
  mapLink: string | null;
  editing: boolean;
  onEdit(): void;
  onEditDone(): void;
  onPreview(photo: PreviewPhoto): void;
  onAddPhoto(): void;
  onDelete(): void;
  /** With these, the card has a box to pick it for a status change of several reports at once. */
  selected?: boolean;
  onSelectedChange?(selected: boolean): void;
}

export function ReportCard({
  report,
  position,
  duplicate,
  mapLink,
  editing,
  onEdit,
  onEditDone,
  onPreview,
  onAddPhoto,
  onDelete,
  selected,
  onSelectedChange,
}: ReportCardProps) {
  const title = `Report #${position}`;
  const titleId = useId();
  const updateStatus = useSetReportStatus();
  const [photoMissing, setPhotoMissing] = useState(false);
  const reportedOn = formatDate(report.reportedAt);
  const cleanedOn = formatDate(report.completedAt);

  async function setStatus(status: ReportStatus) {
    try {
      await updateStatus.mutateAsync({ id: report.id, status });
      toast({ title: 'Status updated', description: `${title}: ${REPORT_STATUS_LABELS[status]}`, variant: 'success' });
    } catch (error) {
      errorToast(managementMessages.errors.updateStatus, error);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      data-duplicate={duplicate || undefined}
      className={`grid gap-4 [contain-intrinsic-block-size:auto_53rem] [content-visibility:auto] sm:[contain-intrinsic-block-size:auto_43rem] rounded-2xl border-2 p-4 shadow-sm sm:grid-cols-[10rem_1fr] ${
        duplicate ? 'border-stone-400 bg-stone-200' : 'border-stone-200 bg-white'
      }`}
    >
      <div className="grid content-start gap-2">
        <button
          type="button"
          onClick={() =>
            onPreview({
              url: report.photoUrl,
              alt: `Graffiti at ${report.what3words}`,
              caption: `${title} at ${report.what3words}`,
            })
          }
          className={`block w-full overflow-hidden rounded-xl bg-stone-100 sm:w-40 ${photoMissing ? 'min-h-30' : 'aspect-[4/3]'}`}
        >
          <span className="sr-only">View photo of {title}</span>
          <ReportPhoto src={report.thumbnailUrl} alt="" onMissing={() => setPhotoMissing(true)} />
        </button>
        {report.photoRedacted && (
          <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-700">
            <CardIcon name="eye-off" className="h-4 w-4 shrink-0" />
            {redactionMessages.edited}
          </p>
        )}
      </div>

      <div className="grid min-w-0 content-start gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-lg font-bold text-civic-900">
            {title}
          </h3>
          {duplicate && (
            <span className="inline-flex items-center gap-1 rounded-full border border-slate-500 bg-white px-2.5 py-0.5 text-sm font-semibold text-slate-800">
              <CardIcon name="copy" className="h-3.5 w-3.5" />
              Duplicate location
            </span>
          )}
          {report.locationStatus !== 'checked' && (
            <span className="inline-flex items-center gap-1 rounded-full border border-amber-800 bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-950">
              <CardIcon name="map-pin-off" className="h-3.5 w-3.5" />
              {placementLabels[report.locationStatus]}
            </span>
          )}
          {onSelectedChange && (
            <label className="ml-auto inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={selected ?? false}
                onChange={(event) => onSelectedChange(event.target.checked)}
                className="h-5 w-5 accent-civic-800"
              />
              Select<span className="sr-only"> {title}</span>
            </label>
          )}
        </div>
        <ReportMarks report={report} />

        {editing ? (
          <EditReportForm report={report} title={title} onDone={onEditDone} />
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <CardIcon name="map-pin" className="h-4 w-4 shrink-0 text-civic-700" />
              <span className="break-all font-semibold text-slate-900">{report.what3words}</span>
              {mapLink && (
                <a
                  href={mapLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-civic-800 underline underline-offset-4"
                >
                  Open map<span className="sr-only"> of {report.what3words} (opens in a new tab)</span>
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

        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
          <div className="flex items-center gap-1.5">
            <CardIcon name="calendar-plus" className="h-4 w-4 text-civic-700" />
            <dt className="font-semibold">Reported:</dt>
            <dd>{reportedOn}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <CardIcon name="calendar-check" className="h-4 w-4 text-civic-700" />
            <dt className="font-semibold">Cleaned:</dt>
            <dd>{cleanedOn ?? 'Not yet'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="font-semibold">Position:</dt>
            <dd>{report.locationSource ? placementLabels.source[report.locationSource] : 'None yet'}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="font-semibold">Status:</dt>
            <dd className={`rounded-full border px-2 py-px font-semibold ${statusBadge[report.status]}`}>
              {REPORT_STATUS_LABELS[report.status]}
            </dd>
          </div>
        </dl>

        <AddedPhotos reportId={report.id} label={title} onPreview={onPreview} />

        <div className="grid gap-2 border-t border-stone-300 pt-3">
          <span aria-hidden="true" className="text-sm font-semibold text-slate-700">
            Set status
          </span>
          <div role="group" aria-label={`Set the status of ${title}`} className="flex flex-wrap items-center gap-1.5">
            {REPORT_STATUSES.map((status) => (
              <button
                key={status}
                type="button"
                aria-pressed={report.status === status}
                disabled={updateStatus.isPending}
                onClick={() => void setStatus(status)}
                className="min-h-11 rounded-xl border-2 border-civic-800 px-3 text-sm font-semibold text-civic-800 hover:bg-civic-50 disabled:opacity-60 aria-pressed:bg-civic-800 aria-pressed:text-white"
              >
                {statusButtonLabels[status]}
              </button>
            ))}
          </div>
          <div className="-ml-3 flex flex-wrap gap-1.5">
            <Button
              variant="ghost"
              className="px-3 text-civic-900"
              onClick={onEdit}
              disabled={editing}
              aria-label={`Edit ${title}`}
            >
              <CardIcon name="pencil" className="h-4 w-4" />
              Edit
            </Button>
            <Button
              variant="ghost"
              className="px-3 text-civic-900"
              onClick={onAddPhoto}
              aria-label={`Add photo to ${title}`}
            >
              <CardIcon name="image-plus" className="h-4 w-4" />
              Add photo
            </Button>
            <Button variant="ghost" className="px-3 text-red-800" onClick={onDelete} aria-label={`Delete ${title}`}>
              <CardIcon name="trash-2" className="h-4 w-4" />
              Delete
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

function EditReportForm({ report, title, onDone }: { report: Report; title: string; onDone(): void }) {
  const [what3words, setWhat3words] = useState(report.what3words);
  const [description, setDescription] = useState(report.description ?? '');
  const [invalid, setInvalid] = useState(false);
  const update = useUpdateReport();
  const wordsId = useId();
  const descriptionId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!what3words.trim()) {
      setInvalid(true);
      return;
    }
    try {
      await update.mutateAsync({ id: report.id, what3words: what3words.trim(), description: description.trim() });
      toast({ title: 'Report updated', description: `${title} was saved.`, variant: 'success' });
      onDone();
    } catch (error) {
      errorToast(managementMessages.errors.updateReport, error);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Edit ${title}`}
      className="grid gap-3 rounded-xl border-2 border-civic-100 bg-civic-50 p-3"
    >
      <div className="grid gap-1.5">
        <label htmlFor={wordsId} className="font-semibold text-slate-900">
          Three-word location
        </label>
        <input
          id={wordsId}
          value={what3words}
          onChange={(event) => {
            setWhat3words(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          autoComplete="off"
          className={inputClass}
        />
        {invalid && (
          <p id={errorId} className="text-sm font-semibold text-red-800">
            {messages.report.locationRequired}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={descriptionId} className="font-semibold text-slate-900">
          Description <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={3}
          maxLength={2000}
          className={inputClass}
        />
      </div>
      <EditActions saving={update.isPending} onCancel={onDone} />
    </form>
  );
}
