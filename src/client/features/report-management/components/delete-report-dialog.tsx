// Deleting a report asks first, and says it cannot be undone.
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { toast } from '#client/lib/use-toast.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useDeleteReport } from '../api/use-report-actions.ts';

export function DeleteReportDialog({
  target,
  onClose,
}: {
  target: { id: number; label: string } | null;
  onClose(): void;
}) {
  const remove = useDeleteReport();

  async function onConfirm() {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      toast({ title: 'Report deleted', description: `${target.label} was deleted.`, variant: 'success' });
      onClose();
    } catch (error) {
      errorToast(managementMessages.errors.deleteReport, error);
    }
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      title={target ? `Delete ${target.label}?` : 'Delete report?'}
      description={managementMessages.deleteReportConfirm}
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
