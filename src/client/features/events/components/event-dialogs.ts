// The MUCU events' dialogs as the screens that offer them open them: each one's code loads when it is
// first opened.
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';

export const AddEventDialog = lazyDialog(() => import('./add-event-dialog.tsx').then((m) => m.AddEventDialog));
export const ManageEventsDialog = lazyDialog(() =>
  import('./manage-events-dialog.tsx').then((m) => m.ManageEventsDialog),
);
export const AddAttendanceDialog = lazyDialog(() =>
  import('./add-attendance-dialog.tsx').then((m) => m.AddAttendanceDialog),
);
