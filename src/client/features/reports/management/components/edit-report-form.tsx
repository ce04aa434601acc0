// A card's inline edit: the three-word location and the description, with Save and Cancel. Opened, it
// takes the focus into its first field; Escape drops it, as Cancel does (the MUCU events' inline edit
// does the same); it tells the list whether it holds changes not saved yet, so opening another card's
// edit asks first. Words that name no place are refused by the server as on the public form: the edit
// stays open, says why beside the field and offers the real locations spelt alike, and the report
// keeps its old words. Its code loads when a card's Edit is first pressed.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Report } from '#shared/contracts/reports.ts';
import type { SuggestionDetails } from '#shared/contracts/location.ts';
import { reportEditMessages } from '#shared/domain/report-edit-messages.ts';
import { messages } from '#shared/domain/messages.ts';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import { EditActions } from '#client/components/ui/edit-actions.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { SuggestedPlaces } from '#client/features/location/components/suggested-places.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { useUpdateReport } from '../api/use-report-actions.ts';

export function EditReportForm({
  report,
  title,
  onDirty,
  onDone,
}: {
  report: Report;
  title: string;
  onDirty?(dirty: boolean): void;
  onDone(): void;
}) {
  const [what3words, setWhat3words] = useState(report.what3words);
  const [description, setDescription] = useState(report.description ?? '');
  const [invalid, setInvalid] = useState(false);
  // The server's refusal of the words, with the real locations spelt alike.
  const [refusal, setRefusal] = useState<{ message: string; suggestions: SuggestionDetails | null } | null>(null);
  const update = useUpdateReport();
  const wordsId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const dirty = what3words !== report.what3words || description !== (report.description ?? '');

  // Opened, the edit takes the focus into its first field.
  useLayoutEffect(() => firstField.current?.focus(), []);
  useEffect(() => onDirty?.(dirty), [onDirty, dirty]);
  useEffect(() => () => onDirty?.(false), [onDirty]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    if (!what3words.trim()) {
      setInvalid(true);
      return;
    }
    try {
      await update.mutateAsync({ id: report.id, what3words: what3words.trim(), description: description.trim() });
      toastSuccess('Report updated', `${title} was saved.`);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body?.code) {
        setRefusal({ message: error.body.message, suggestions: error.body.suggestionDetails ?? null });
        firstField.current?.focus();
        return;
      }
      errorToast(reportEditMessages.errors.updateReport, error);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Edit ${title}`}
      data-inline-edit
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || update.isPending) return;
        event.preventDefault();
        event.stopPropagation();
        onDone();
      }}
      className="grid gap-3 rounded-xl border-2 border-civic-100 bg-civic-50 p-3"
    >
      <Field id={wordsId} label="Three-word location">
        <input
          ref={firstField}
          id={wordsId}
          value={what3words}
          onChange={(event) => {
            setWhat3words(event.target.value);
            setInvalid(false);
            setRefusal(null);
          }}
          aria-invalid={invalid || refusal !== null}
          aria-describedby={invalid || refusal ? errorId : undefined}
          autoComplete="off"
          className={inputClass}
        />
        {invalid && (
          <p id={errorId} className="text-sm font-semibold text-red-800">
            {messages.report.locationRequired}
          </p>
        )}
        <FieldError id={errorId} message={refusal?.message ?? null} />
        {refusal?.suggestions && refusal.suggestions.places.length > 0 && (
          <SuggestedPlaces
            details={refusal.suggestions}
            onChoose={(words) => {
              setWhat3words(words);
              setRefusal(null);
              firstField.current?.focus();
            }}
          />
        )}
      </Field>
      <Field id={descriptionId} label="Description" optional>
        <textarea
          id={descriptionId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={3}
          maxLength={2000}
          className={inputClass}
        />
      </Field>
      <EditActions saving={update.isPending} onCancel={onDone} />
    </form>
  );
}
