// The report management dashboard (SPEC.md 2b): status filters, the four sorts, the report cards,
// and the dialogs they open, with the MUCU event dialogs on a toolbar. The list polls every 5 s. The
// manual-report form belongs to the page (ManualReportHost), which outlives this list.
import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { placementLabels } from '#shared/domain/location-messages.ts';
import { api } from '#client/lib/api.ts';
import { ArrowDownWideNarrow, ArrowUpNarrowWide, CalendarPlus, Inbox, ListChecks, UserPlus } from 'lucide-react';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { describeError } from '#client/lib/api-client.ts';
import { AddAttendanceDialog } from '#client/features/events/components/add-attendance-dialog.tsx';
import { AddEventDialog } from '#client/features/events/components/add-event-dialog.tsx';
import { ManageEventsDialog } from '#client/features/events/components/manage-events-dialog.tsx';
import { useLocationProvider } from '../api/use-report-actions.ts';
import { useReportsList } from '../api/use-reports-list.ts';
import {
  duplicateIds,
  mapLinkFor,
  nextSort,
  reportSorts,
  statusFilters,
  visibleReports,
  type ReportSort,
  type StatusFilter,
} from '../report-list.ts';
import { DeleteReportDialog } from './delete-report-dialog.tsx';
import { PhotoPreviewDialog, type PreviewPhoto } from './photo-preview-dialog.tsx';
import { AddPhotoDialog } from './report-photos.tsx';
import { ReportCard } from './report-card.tsx';

const pillClass =
  'min-h-11 rounded-xl border-2 px-4 text-sm font-semibold transition-colors border-civic-800 text-civic-800 hover:bg-civic-50 aria-pressed:bg-civic-800 aria-pressed:text-white';

export function ManagementDashboard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const reports = useReportsList();
  const provider = useLocationProvider();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [unplacedOnly, setUnplacedOnly] = useState(false);
  const unplaced = useQuery({
    queryKey: [api.reportLocations.unplaced.url(), reports.dataUpdatedAt],
    queryFn: () => api.reportLocations.unplaced(),
    enabled: unplacedOnly,
  });
  const [sort, setSort] = useState<ReportSort | null>(null);
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

  const all = useMemo(() => reports.data ?? [], [reports.data]);
  const duplicates = useMemo(() => duplicateIds(all), [all]);
  const shown = useMemo(() => {
    const visible = visibleReports(all, filter, sort);
    if (!unplacedOnly) return visible;
    const ids = new Set((unplaced.data ?? []).map((report) => report.id));
    return visible.filter((report) => ids.has(report.id));
  }, [all, filter, sort, unplacedOnly, unplaced.data]);

  return (
    <section aria-labelledby={headingId} className="grid gap-5">
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
                onClick={() => setFilter(option.value)}
                className={pillClass}
              >
                {option.label}
              </button>
            ))}
            <button
              type="button"
              aria-pressed={unplacedOnly}
              onClick={() => setUnplacedOnly((on) => !on)}
              className={pillClass}
            >
              {placementLabels.filter}
            </button>
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
                  onClick={() => setSort(nextSort(sort, option.value))}
                  className={`${pillClass} inline-flex items-center gap-1.5 px-3`}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {option.label}
                </button>
              );
            })}
          </div>
        </div>
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

      {reports.data && all.length === 0 && (
        <div className="grid justify-items-center gap-2 rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <Inbox aria-hidden="true" className="h-10 w-10 text-civic-700" />
          <p className="text-lg font-bold text-civic-900">{managementMessages.noReportsTitle}</p>
          <p className="text-slate-700">{managementMessages.noReports}</p>
        </div>
      )}

      {all.length > 0 && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            Showing {shown.length} of {all.length} reports
            {duplicates.size > 0 && <> · reports sharing a location are shaded grey</>}
          </p>
          {shown.length === 0 ? (
            <p className="rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-8 text-center text-slate-700">
              No reports have this status.
            </p>
          ) : (
            <ol className="grid gap-4 xl:grid-cols-2">
              {shown.map((report, index) => {
                const label = `Report #${index + 1}`;
                return (
                  <li key={report.id} className="grid">
                    <ReportCard
                      report={report}
                      position={index + 1}
                      duplicate={duplicates.has(report.id)}
                      mapLink={mapLinkFor(report, provider.data?.provider)}
                      editing={editingId === report.id}
                      onEdit={() => setEditingId(report.id)}
                      onEditDone={() => setEditingId(null)}
                      onPreview={setPreview}
                      onAddPhoto={() => setPhotoTarget({ id: report.id, label })}
                      onDelete={() => setDeleteTarget({ id: report.id, label })}
                    />
                  </li>
                );
              })}
            </ol>
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
