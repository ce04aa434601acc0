// The MUCU events' buttons on the report list's toolbar, and the dialogs they open. The panel's code
// loads when it is first shown, each dialog's when it first opens; once loaded the dialogs stay
// mounted while the panel is hidden again.
import { useState } from 'react';
import {
  AddEventDialog,
  ManageEventsDialog,
  AddAttendanceDialog,
} from '#client/features/events/components/event-dialogs.ts';
import { pillClass } from './pill.ts';

const buttons = [
  ['add', 'Add MUCU Event'],
  ['manage', 'Manage MUCU Events'],
  ['attendance', 'Add MUCU Attendance'],
] as const;

export function EventsPanel({ id, shown }: { id: string; shown: boolean }) {
  const [open, setOpen] = useState<'add' | 'manage' | 'attendance' | null>(null);
  const dialogProps = (name: NonNullable<typeof open>) => ({
    open: open === name,
    onOpenChange: (opened: boolean) => setOpen(opened ? name : null),
  });
  return (
    <>
      {shown && (
        <div id={id} role="group" aria-label="MUCU events" className="flex flex-wrap gap-2">
          {buttons.map(([name, label]) => (
            <button key={name} type="button" onClick={() => setOpen(name)} className={pillClass}>
              {label}
            </button>
          ))}
        </div>
      )}
      <AddEventDialog {...dialogProps('add')} />
      <ManageEventsDialog {...dialogProps('manage')} />
      <AddAttendanceDialog {...dialogProps('attendance')} />
    </>
  );
}
