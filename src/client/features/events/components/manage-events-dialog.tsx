// Manage MUCU Events: every event with its attendees (by the local part of their e-mail), inline edit one at
// a time, add attendance, and delete after the required confirmation.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CalendarDays, Clock3, ExternalLink, MapPin, Pencil, QrCode, Trash2, UserPlus, Users } from 'lucide-react';
import { Link } from 'wouter';
import { checkInScreenPath } from '#shared/routes.ts';
import type { MucuEvent } from '#shared/contracts/events.ts';
import { attendeeLabel } from '#shared/domain/format.ts';
import { eventMessages } from '#shared/domain/event-messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useDeleteEvent, useEvents, useUpdateEvent } from '../api/use-events.ts';
import { formatDateTime } from '#shared/domain/format.ts';
import { eventDraftFrom, toLocalInput, type EventFormValues } from '../event-form.ts';
import { AddAttendanceDialog } from './add-attendance-dialog.tsx';
import { EventLogsDialog } from './event-logs-dialog.tsx';
import { EventFields } from './event-fields.tsx';
import { EditActions } from '#client/components/ui/edit-actions.tsx';
import { WhoIsComing } from './who-is-coming.tsx';
import { CallError } from '#client/components/ui/load-failed.tsx';

export function ManageEventsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const events = useEvents(open);
  const [editingId, setEditingId] = useState<number | null>(null);
  // The event whose inline edit just ended: its Edit button takes the focus back.
  const [editedId, setEditedId] = useState<number | null>(null);
  const stopEditing = () => {
    setEditedId(editingId);
    setEditingId(null);
  };
  const [attendanceFor, setAttendanceFor] = useState<number | null>(null);
  const [logsFor, setLogsFor] = useState<number | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<MucuEvent | null>(null);
  const remove = useDeleteEvent();

  async function onConfirmDelete() {
    if (!deleteTarget) return;
    try {
      await remove.mutateAsync(deleteTarget.id);
      toastSuccess(eventMessages.deleted, deleteTarget.name);
      setDeleteTarget(null);
    } catch (error) {
      errorToast(eventMessages.errors.delete, error);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setEditingId(null);
          setEditedId(null);
        }
        onOpenChange(next);
      }}
      title="Manage MUCU Events"
      description="Edit events, record attendance, or delete an event."
      size="xl"
      onEscapeKeyDown={(event) => {
        // Escape in an inline edit cancels that edit only; the next Escape closes the dialog.
        if (editingId === null) return;
        event.preventDefault();
        stopEditing();
      }}
    >
      {events.isPending && <p className="text-slate-700">Loading events...</p>}
      {events.isError && <CallError error={events.error} />}
      {events.data?.length === 0 && (
        <div className="grid justify-items-center gap-2 py-10 text-center">
          <CalendarDays aria-hidden="true" className="h-10 w-10 text-civic-700" />
          <p className="font-semibold text-civic-900">{eventMessages.noEvents}</p>
        </div>
      )}
      {events.data && events.data.length > 0 && (
        <ul className="grid gap-4">
          {events.data.map((mucu) => (
            <li key={mucu.id} className="rounded-2xl border-2 border-stone-200 bg-stone-light p-4">
              {editingId === mucu.id ? (
                <EditEventForm mucu={mucu} onDone={stopEditing} />
              ) : (
                <EventSummary
                  mucu={mucu}
                  editingAnother={editingId !== null}
                  focusEdit={editedId === mucu.id}
                  onEdit={() => setEditingId(mucu.id)}
                  onAddAttendance={() => setAttendanceFor(mucu.id)}
                  onTimeAndBags={() => setLogsFor(mucu.id)}
                  onDelete={() => setDeleteTarget(mucu)}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      <EventLogsDialog eventId={logsFor} onClose={() => setLogsFor(null)} />
      <AddAttendanceDialog
        open={attendanceFor !== null}
        onOpenChange={(next) => !next && setAttendanceFor(null)}
        eventId={attendanceFor}
      />
      <Dialog
        open={deleteTarget !== null}
        onOpenChange={(next) => !next && setDeleteTarget(null)}
        role="alertdialog"
        title={deleteTarget ? `Delete ${deleteTarget.name}?` : 'Delete MUCU event?'}
        description={eventMessages.deleteConfirm}
        size="sm"
      >
        <DialogActions
          onCancel={() => setDeleteTarget(null)}
          onConfirm={() => void onConfirmDelete()}
          danger
          label="Delete MUCU"
          pendingLabel="Deleting..."
          pending={remove.isPending}
        />
      </Dialog>
    </Dialog>
  );
}

function EventSummary({
  mucu,
  editingAnother,
  focusEdit,
  onEdit,
  onAddAttendance,
  onTimeAndBags,
  onDelete,
}: {
  mucu: MucuEvent;
  editingAnother: boolean;
  focusEdit: boolean;
  onEdit(): void;
  onAddAttendance(): void;
  onTimeAndBags(): void;
  onDelete(): void;
}) {
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  return (
    <article aria-label={mucu.name} className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 className="text-lg font-bold text-civic-900">{mucu.name}</h3>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-800">
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0 text-civic-700" />
              {formatDateTime(mucu.date)}
            </span>
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-civic-700" />
              {mucu.mapsLink ? (
                <a
                  href={mucu.mapsLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-semibold text-civic-800 underline underline-offset-4"
                >
                  {mucu.location}
                  <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                  <span className="sr-only"> (map, opens in a new tab)</span>
                </a>
              ) : (
                mucu.location
              )}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            ref={editButton}
            variant="ghost"
            className="px-3 text-civic-900"
            onClick={onEdit}
            disabled={editingAnother}
            aria-label={`Edit ${mucu.name}`}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </Button>
          <Button
            variant="ghost"
            className="px-3 text-civic-900"
            onClick={onAddAttendance}
            aria-label={`Add attendance to ${mucu.name}`}
          >
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Add attendance
          </Button>
          <Button
            variant="ghost"
            className="px-3 text-civic-900"
            onClick={onTimeAndBags}
            aria-label={`Time and bags at ${mucu.name}`}
          >
            <Clock3 aria-hidden="true" className="h-4 w-4" />
            Time and bags
          </Button>
          <Link
            href={checkInScreenPath(mucu.id)}
            aria-label={`Open check-in for ${mucu.name}`}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-3 py-2.5 font-semibold text-civic-900 hover:bg-black/5"
          >
            <QrCode aria-hidden="true" className="h-4 w-4" />
            Check-in
          </Link>
          <Button variant="ghost" className="px-3 text-red-800" onClick={onDelete} aria-label={`Delete ${mucu.name}`}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
        </div>
      </div>
      {mucu.description && <p className="whitespace-pre-line text-slate-800">{mucu.description}</p>}
      <div className="grid gap-1">
        <p className="inline-flex items-center gap-1 text-sm font-semibold text-slate-900">
          <Users aria-hidden="true" className="h-4 w-4 text-civic-700" />
          Attendees ({mucu.attendances.length})
        </p>
        {mucu.attendances.length === 0 ? (
          <p className="text-sm text-slate-700">No attendance recorded yet.</p>
        ) : (
          <ul aria-label={`Attendees of ${mucu.name}`} className="flex flex-wrap gap-2">
            {mucu.attendances.map((attendance) => (
              <li
                key={attendance.id}
                title={attendance.notes ?? undefined}
                className="rounded-full border border-civic-700 bg-white px-3 py-1 text-sm font-semibold text-civic-900"
              >
                {attendeeLabel(attendance.volunteer.email)}
                {attendance.notes && <span className="font-normal text-slate-700"> · {attendance.notes}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <WhoIsComing eventId={mucu.id} eventName={mucu.name} />
    </article>
  );
}

function EditEventForm({ mucu, onDone }: { mucu: MucuEvent; onDone(): void }) {
  const [values, setValues] = useState<EventFormValues>({
    location: mucu.location,
    date: toLocalInput(mucu.date),
    description: mucu.description ?? '',
    mapsLink: mucu.mapsLink ?? '',
  });
  const update = useUpdateEvent();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = eventDraftFrom(values);
    if ('error' in result) {
      toastProblem(eventMessages.errors.update, result.error);
      return;
    }
    try {
      await update.mutateAsync({ id: mucu.id, ...result.draft });
      toastSuccess(eventMessages.updated);
      onDone();
    } catch (error) {
      errorToast(eventMessages.errors.update, error);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${mucu.name}`} className="grid gap-4">
      <EventFields values={values} onChange={setValues} />
      <EditActions saving={update.isPending} onCancel={onDone} />
    </form>
  );
}
