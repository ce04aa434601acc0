// The Add photo dialog of the management list: a photo and an optional description for one report.
// Its code loads when it first opens.
import { useId, useState, type FormEvent } from 'react';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { refusedAsTooLarge } from '#client/lib/photo-limit.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { isExplained } from '#client/lib/refusals.ts';
import { useAddReportPhoto } from '../api/use-report-photos.ts';

export function AddPhotoDialog({
  reportId,
  label,
  open,
  onOpenChange,
}: {
  reportId: number | null;
  label: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const add = useAddReportPhoto();
  const fileId = useId();
  const descriptionId = useId();

  function close() {
    setPhoto(null);
    setDescription('');
    onOpenChange(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reportId === null) return;
    if (!photo) {
      toastProblem(reportEditMessages.noFileTitle, reportEditMessages.noFile);
      return;
    }
    if (refusedAsTooLarge(photo)) return;
    try {
      await add.mutateAsync({ id: reportId, photo, description });
      toastSuccess('Photo uploaded', `The photo was added to ${label}.`);
      close();
    } catch (error) {
      if (isExplained(error)) return;
      // The server's reason when it gave one, else 'Failed to upload photo'.
      const reason = error instanceof ApiError && error.body ? error.body.message : reportEditMessages.uploadFailed;
      toastProblem(reportEditMessages.errors.uploadPhoto, reason);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add Photo"
      description={`A progress photo for ${label}.`}
      size="sm"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id={fileId} label="Photo">
          <input
            id={fileId}
            type="file"
            accept="image/*"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            className="min-h-11 w-full rounded-xl border-2 border-dashed border-slate-400 p-2 file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-civic-100 file:px-3 file:font-semibold file:text-civic-900"
          />
        </Field>
        <Field id={descriptionId} label="Description" optional>
          <input
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={2000}
            className={inputClass}
          />
        </Field>
        <DialogActions onCancel={close} label="Upload Photo" pendingLabel="Uploading..." pending={add.isPending} />
      </form>
    </Dialog>
  );
}
