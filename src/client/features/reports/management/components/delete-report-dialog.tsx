// Deleting a report asks first, names it by its reference as well as its place in the list (the
// number its reporter was given does not move as the list does), and says it cannot be undone.
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useDeleteReport } from '../api/use-report-actions.ts';
import { reference } from '../report-list.ts';

/** The report a delete is asked for: its id, its card's title, and where it is. */
export interface DeleteTarget {
  id: number;
  label: string;
  what3words: string;
}

export function DeleteReportDialog({ target, onClose }: { target: DeleteTarget | null; onClose(): void }) {
  const remove = useDeleteReport();

  async function onConfirm() {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toastSuccess('Report deleted', `${target.label} (reference ${reference(target.id)}) was deleted.`);
      onClose();
    } catch (error) {
      errorToast(reportEditMessages.errors.deleteReport, error);
    }
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      title={target ? `Delete ${target.label}?` : 'Delete report?'}
      description={
        target
          ? `Reference ${reference(target.id)}, at ${target.what3words}. ${reportEditMessages.deleteReportConfirm}`
          : reportEditMessages.deleteReportConfirm
      }
      size="sm"
    >
      <DialogActions
        onCancel={onClose}
        onConfirm={() => void onConfirm()}
        danger
        label="Delete Report"
        pendingLabel="Deleting..."
        pending={remove.isPending}
      />
    </Dialog>
  );
}
