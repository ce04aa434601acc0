// A cleaned site's time, corrected by its volunteer: down from the time measured from claim to
// completion (a break, a claim made before setting out), never above it, with a note saying why. The
// server keeps the measured time and refuses a time above it; its refusal is shown here in its words.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CleanupRecord } from '#shared/contracts/cleanups.ts';
import { eventLogMessages as m } from '#shared/domain/event-logs.ts';
import { formatMinutes } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { LabelledInput } from '#client/components/ui/labelled-input.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { eventLogsApi } from '#client/lib/calls/event-logs.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { dashboardKey } from '../api/use-volunteer-dashboard.ts';

export function CleanupTimeForm({ cleanup, onDone }: { cleanup: CleanupRecord; onDone(): void }) {
  const queryClient = useQueryClient();
  const measured = cleanup.measuredMinutes ?? cleanup.hoursWorked;
  const [minutes, setMinutes] = useState(String(cleanup.hoursWorked));
  const [note, setNote] = useState(cleanup.timeNote ?? '');
  const ids = { note: useId(), error: useId() };
  const save = useMutation({
    mutationFn: () => eventLogsApi.correctCleanupTime({ params: { id: cleanup.id }, body: { minutes, note } }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
      toastSuccess(m.timeCorrected, `Site #${cleanup.reportId}: ${formatMinutes(answer.minutes)}.`);
      onDone();
    },
  });
  const failure = save.isError ? describeError(save.error).message : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Correct the time of site #${cleanup.reportId}`}
      className="grid gap-3 rounded-xl border border-stone-300 bg-stone-light p-3"
    >
      <p className="text-slate-800">
        Measured from your claim to completion: <strong>{formatMinutes(measured)}</strong> ({measured} minutes). You can
        correct it down, never above that, and say why.
      </p>
      <div className="max-w-40">
        <LabelledInput
          label="Minutes worked"
          inputMode="numeric"
          required
          aria-required="true"
          aria-invalid={failure !== null || undefined}
          aria-describedby={failure ? ids.error : undefined}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.note} className="text-sm font-semibold text-slate-900">
          Why was it shorter?
        </label>
        <textarea
          id={ids.note}
          required
          aria-required="true"
          maxLength={500}
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className={inputClass}
        />
      </div>
      {failure && (
        <p id={ids.error} role="alert" className="text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save the time'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
