// Add Manual Report: a photo and a location, both required and trimmed, and an
// optional description. Opened by its button or by the window event 'openManualForm'; the page
// mounts ManualReportHost once, outside its tabs, so the event works on every tab and a half-filled
// form is kept while the report list is unmounted. The form's code loads when it first opens.
import { useEffect, useState } from 'react';
import { lazyDialog } from '#client/components/ui/lazy-dialog.tsx';

const ManualReportDialog = lazyDialog(() => import('./manual-report-form.tsx').then((m) => m.ManualReportDialog));

const OPEN_MANUAL_FORM_EVENT = 'openManualForm';

/** Asks the page's ManualReportHost to open the form. */
export function openManualForm(): void {
  window.dispatchEvent(new Event(OPEN_MANUAL_FORM_EVENT));
}

/** The one Add Manual Report dialog of a page, opened by the window event 'openManualForm'. */
export function ManualReportHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_MANUAL_FORM_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_MANUAL_FORM_EVENT, onOpen);
  }, []);
  return <ManualReportDialog open={open} onOpenChange={setOpen} />;
}
