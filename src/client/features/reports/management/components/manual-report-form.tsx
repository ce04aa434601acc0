// The Add Manual Report dialog: a photo and a location, both required and trimmed, and an optional
// description. Its code loads when the page's ManualReportHost first opens it.
import { useId, useState, type FormEvent } from 'react';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';
import { GRID_EXAMPLE_WORDS } from '#shared/domain/location-messages.ts';
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { refusedAsTooLarge } from '#client/lib/photo-limit.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { useCreateManualReport } from '../api/use-report-actions.ts';

export function ManualReportDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [what3words, setWhat3words] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateManualReport();
  const ids = { photo: useId(), words: useId(), description: useId() };

  function close() {
    setPhoto(null);
    setWhat3words('');
    setDescription('');
    onOpenChange(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!photo || !what3words.trim()) {
      toastProblem(reportEditMessages.missingFieldsTitle, reportEditMessages.missingFields);
      return;
    }
    if (refusedAsTooLarge(photo)) return;
    try {
      await create.mutateAsync({ photo, what3words, description });
      toastSuccess(reportEditMessages.manualReportCreated);
      close();
    } catch (error) {
      errorToast(reportEditMessages.errors.createManualReport, error);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add Manual Report"
      description="Record graffiti reported by phone, e-mail or in person."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id={ids.photo} label="Photo">
          <input
            id={ids.photo}
            type="file"
            accept="image/*"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            className="min-h-11 w-full rounded-xl border-2 border-dashed border-slate-400 p-2 file:mr-3 file:min-h-9 file:rounded-lg file:border-0 file:bg-civic-100 file:px-3 file:font-semibold file:text-civic-900"
          />
        </Field>
        <Field
          id={ids.words}
          label="Three-word location"
          hint={`Three words separated by dots, for example ${GRID_EXAMPLE_WORDS}.`}
        >
          <input
            id={ids.words}
            value={what3words}
            onChange={(event) => setWhat3words(event.target.value)}
            aria-describedby={`${ids.words}-hint`}
            autoComplete="off"
            className={inputClass}
          />
        </Field>
        <Field id={ids.description} label="Description" optional>
          <textarea
            id={ids.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
            maxLength={2000}
            className={inputClass}
          />
        </Field>
        <DialogActions
          onCancel={close}
          label="Create Report"
          pendingLabel="Creating Report..."
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
