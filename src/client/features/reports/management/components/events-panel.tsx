// The MUCU events' buttons on the report list's toolbar, and the dialogs they open. The panel's code
// loads when it is first shown, each dialog's when it first opens; once loaded the dialogs stay
// mounted while the panel is hidden again.
import { useState } from 'react';
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { pillClass } from './pill.ts';

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
