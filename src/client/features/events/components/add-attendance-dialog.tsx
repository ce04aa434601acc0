// Add MUCU Attendance: an event that has started and a volunteer's e-mail are required. An address no
// volunteer has used may be a typo, so the server asks first; the administrator then adds them as a new
// volunteer or corrects the address.
import { useId, useRef, useState, type FormEvent } from 'react';
import { eventMessages } from '#shared/domain/event-messages.ts';
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useAddAttendance, useEvents } from '../api/use-events.ts';
import { formatDateTime } from '#shared/domain/format.ts';

export function AddAttendanceDialog({
  open,
  onOpenChange,
  eventId,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The event to pre-select. */
  eventId?: number | null;
}) {
  const events = useEvents(open);
  const add = useAddAttendance();
  // The event chosen in the list; until one is, the one this dialog was opened for.
  const [chosen, setChosen] = useState<string | null>(null);
  const mucuId = chosen ?? (eventId ? String(eventId) : '');
  const [email, setEmail] = useState('');
  const [notes, setNotes] = useState('');
  // The address the server did not know, while the administrator decides whether it is a new volunteer.
  const [unknownAddress, setUnknownAddress] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const ids = { event: useId(), email: useId(), notes: useId(), unknown: useId() };
  // Whether an event has started, as of when the list of events arrived.
  const hasStarted = (date: string) => new Date(date).getTime() <= events.dataUpdatedAt;
  const chosenEvent = events.data?.find((mucu) => String(mucu.id) === mucuId);
  const notStarted = chosenEvent !== undefined && !hasStarted(chosenEvent.date);

  function close() {
    setChosen(null);
    setEmail('');
    setNotes('');
    setUnknownAddress(null);
    onOpenChange(false);
  }

  function checkTheAddress() {
    setUnknownAddress(null);
    emailInput.current?.focus();
  }

  async function onSubmit(event: FormEvent | null, registerNewVolunteer = false) {
    event?.preventDefault();
    if (!mucuId || !email.trim()) {
      toastProblem(eventMessages.errors.attendance, eventMessages.attendanceRequired);
      return;
    }
    try {
      const attendance = await add.mutateAsync({
        mucuId: Number(mucuId),
        volunteerEmail: email.trim(),
        notes: notes.trim(),
        registerNewVolunteer,
      });
      toastSuccess(eventMessages.attendanceAdded, `${attendance.volunteer.email} at ${attendance.mucu.name}`);
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.body?.code === 'UnknownVolunteer') {
        setUnknownAddress(email.trim().toLowerCase());
        return;
      }
      errorToast(eventMessages.errors.attendance, error);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add MUCU Attendance"
      description="Record a volunteer at a Meet Up Clean Up event."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id={ids.event} label="MUCU event">
          <select
            id={ids.event}
            value={mucuId}
            onChange={(event) => setChosen(event.target.value)}
            className={inputClass}
          >
            <option value="">{events.isPending ? 'Loading events...' : 'Select a MUCU event'}</option>
            {events.data?.map((mucu) => (
              <option key={mucu.id} value={mucu.id} disabled={!hasStarted(mucu.date)}>
                {mucu.name} ({formatDateTime(mucu.date)}
                {hasStarted(mucu.date) ? '' : `, ${eventMessages.notStartedYet}`})
              </option>
            ))}
          </select>
        </Field>
        {notStarted && (
          <p role="status" className="rounded-xl border border-amber-700 bg-amber-50 p-3 text-amber-950">
            {eventMessages.attendanceBeforeStart}
          </p>
        )}
        <Field id={ids.email} label="Volunteer email">
          <input
            id={ids.email}
            ref={emailInput}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setUnknownAddress(null);
            }}
            autoComplete="off"
            className={inputClass}
          />
        </Field>
        <Field id={ids.notes} label="Notes" optional>
          <textarea
            id={ids.notes}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            rows={2}
            maxLength={2000}
            className={inputClass}
          />
        </Field>
        {unknownAddress ? (
          <div
            role="alertdialog"
            aria-labelledby={ids.unknown}
            className="grid gap-3 rounded-xl border-2 border-civic-800 bg-civic-50 p-3"
          >
            <p id={ids.unknown} className="font-bold text-civic-900">
              {eventMessages.unknownVolunteerTitle}
            </p>
            <p className="text-slate-900">{eventMessages.unknownVolunteer(unknownAddress)}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={checkTheAddress}>
                Check the address
              </Button>
              <Button variant="secondary" autoFocus disabled={add.isPending} onClick={() => void onSubmit(null, true)}>
                {add.isPending ? 'Adding...' : eventMessages.addAsNewVolunteer}
              </Button>
            </div>
          </div>
        ) : (
          <DialogActions onCancel={close} label="Add Attendance" pendingLabel="Adding..." pending={add.isPending} />
        )}
      </form>
    </Dialog>
  );
}
