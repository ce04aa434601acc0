// Add MUCU Attendance: an event and a volunteer's e-mail are required; an address that is new registers that
// volunteer on the server.
import { useId, useState, type FormEvent } from 'react';
import { eventMessages } from '#shared/domain/admin-messages.ts';
import { Dialog, Field, inputClass, DialogActions } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/lib/use-toast.ts';
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
  const ids = { event: useId(), email: useId(), notes: useId() };

  function close() {
    setChosen(null);
    setEmail('');
    setNotes('');
    onOpenChange(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!mucuId || !email.trim()) {
      toast({
        title: eventMessages.errors.attendance,
        description: eventMessages.attendanceRequired,
        variant: 'destructive',
      });
      return;
    }
    try {
      const attendance = await add.mutateAsync({
        mucuId: Number(mucuId),
        volunteerEmail: email.trim(),
        notes: notes.trim(),
      });
      toast({
        title: eventMessages.attendanceAdded,
        description: `${attendance.volunteer.email} at ${attendance.mucu.name}`,
        variant: 'success',
      });
      close();
    } catch (error) {
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
              <option key={mucu.id} value={mucu.id}>
                {mucu.name} ({formatDateTime(mucu.date)})
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.email} label="Volunteer email">
          <input
            id={ids.email}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
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
        <DialogActions onCancel={close} label="Add Attendance" pendingLabel="Adding..." pending={add.isPending} />
      </form>
    </Dialog>
  );
}
