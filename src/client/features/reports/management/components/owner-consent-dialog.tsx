// The owner's consent of one report, for administrators: mark a report on private property as needing
// it (volunteers are then not offered the site), record who gave it and on which day (the site is
// offered again), or clear the mark. A refusal from the server is shown in the dialog in its words.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportPageItem } from '#shared/contracts/reports.ts';
import { cityDay } from '#shared/domain/calendar-days.ts';
import { cityInstant } from '#shared/domain/city-clock.ts';
import { formatDate } from '#shared/domain/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { describeError } from '#client/lib/api-client.ts';
import { safetyApi } from '#client/lib/calls/safety.ts';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { reportsListKey } from '../api/use-reports-list.ts';

/** Today in the city, as a date field writes it (YYYY-MM-DD). */
const cityToday = () => cityDay(new Date());

/** A day the owner gave consent, as the instant sent: now for today, else midday of that day in the city. */
function givenAtOf(day: string): string | undefined {
  if (day === cityToday()) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return cityInstant({ year, month, day: date, hour: 12, minute: 0 }).toISOString();
}

type Change = { kind: 'needed'; needed: boolean } | { kind: 'given'; givenBy: string; day: string };

export function OwnerConsentDialog({
  open,
  onOpenChange,
  report,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  report: Pick<ReportPageItem, 'id' | 'what3words' | 'ownerConsent'>;
}) {
  const queryClient = useQueryClient();
  const ids = { givenBy: useId(), day: useId(), error: useId() };
  const [givenBy, setGivenBy] = useState('');
  const [day, setDay] = useState(cityToday);
  const change = useMutation({
    mutationFn: (asked: Change) =>
      asked.kind === 'needed'
        ? safetyApi.consentNeeded({ params: { id: report.id }, body: { needed: asked.needed } })
        : safetyApi.consentGiven({
            params: { id: report.id },
            body: { givenBy: asked.givenBy, givenAt: givenAtOf(asked.day) },
          }),
    onSuccess: async (_answer, asked) => {
      await queryClient.invalidateQueries({ queryKey: reportsListKey });
      toastSuccess(
        asked.kind === 'given'
          ? "Owner's consent recorded"
          : asked.needed
            ? "Marked as needing the owner's consent"
            : "Owner's consent mark cleared",
        asked.kind === 'needed' && !asked.needed
          ? `The report at ${report.what3words} is offered to volunteers as any other.`
          : asked.kind === 'given'
            ? `The site at ${report.what3words} is offered to volunteers again.`
            : `Volunteers are not offered the site at ${report.what3words} until consent is recorded.`,
      );
      onOpenChange(false);
    },
  });
  const consent = report.ownerConsent;
  const failure = change.isError ? describeError(change.error).message : null;

  function onRecord(event: FormEvent) {
    event.preventDefault();
    change.mutate({ kind: 'given', givenBy, day });
  }

  const clear = (
    <Button
      variant="outline"
      disabled={change.isPending}
      onClick={() => change.mutate({ kind: 'needed', needed: false })}
    >
      No consent needed
    </Button>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) change.reset();
        onOpenChange(next);
      }}
      title="Owner's consent"
      description={`The report at ${report.what3words}. A site on private property is not offered to volunteers until the owner's consent is recorded.`}
      size="sm"
    >
      {failure && (
        <p id={ids.error} role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {failure}
        </p>
      )}
      {consent === null ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'needed', needed: true })}
          >
            {change.isPending ? 'Marking...' : "Mark as needing the owner's consent"}
          </Button>
        </div>
      ) : consent.givenAt !== null ? (
        <>
          <p className="rounded-xl bg-emerald-50 p-3 text-emerald-950">
            Consent given by <strong>{consent.givenBy}</strong> on {formatDate(consent.givenAt)}.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            {clear}
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={onRecord} noValidate aria-label="Record the owner's consent" className="grid gap-4">
          <p className="rounded-xl bg-amber-50 p-3 text-amber-950">Waiting for the owner's consent.</p>
          <Field id={ids.givenBy} label="Who gave consent" hint="The owner, or their factor or agent.">
            <input
              id={ids.givenBy}
              value={givenBy}
              maxLength={200}
              required
              aria-required="true"
              aria-describedby={`${ids.givenBy}-hint${failure ? ` ${ids.error}` : ''}`}
              autoComplete="off"
              onChange={(e) => setGivenBy(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id={ids.day} label="Day consent was given">
            <input
              id={ids.day}
              type="date"
              value={day}
              max={cityToday()}
              required
              aria-required="true"
              onChange={(e) => setDay(e.target.value)}
              className={inputClass}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            {clear}
            <Button type="submit" variant="secondary" disabled={change.isPending}>
              {change.isPending ? 'Recording...' : 'Record consent'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
