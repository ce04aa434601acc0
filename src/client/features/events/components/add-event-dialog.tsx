// Add Meet Up Clean Up Event: location and date required, name built from the location. A 401 says the
// person must sign in as a volunteer.
import { useState, type FormEvent } from 'react';
import { eventMessages } from '#shared/domain/event-messages.ts';
import { Dialog, DialogActions } from '#client/components/ui/dialog.tsx';
import { toastSuccess, toastProblem } from '#client/lib/use-toast.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { isExplained } from '#client/lib/refusals.ts';
import { useCreateEvent } from '../api/use-events.ts';
import { emptyEventForm, eventDraftFrom } from '../event-form.ts';
import { EventFields } from './event-fields.tsx';

export function AddEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [values, setValues] = useState(emptyEventForm);
  const create = useCreateEvent();

  function close() {
    setValues(emptyEventForm);
    onOpenChange(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = eventDraftFrom(values);
    if ('error' in result) {
      toastProblem(eventMessages.errors.create, result.error);
      return;
    }
    try {
      const created = await create.mutateAsync(result.draft);
      toastSuccess(eventMessages.created, created.name);
      close();
    } catch (error) {
      if (isExplained(error)) return;
      if (error instanceof ApiError && error.status === 401) {
        toastProblem(eventMessages.signInToCreateTitle, eventMessages.signInToCreate);
      } else {
        errorToast(eventMessages.errors.create, error);
      }
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Add Meet Up Clean Up Event"
      description="A MUCU event is named after its location."
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <EventFields values={values} onChange={setValues} />
        <DialogActions
          onCancel={close}
          label="Create MUCU Event"
          pendingLabel="Creating..."
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
