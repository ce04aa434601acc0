// The fields of a MUCU event, shared by the Add and the inline Edit forms.
import { useId } from 'react';
import { Field } from '#client/components/ui/field.tsx';
import { inputClass } from '#client/components/ui/input-class.ts';
import type { EventFormValues } from '../event-form.ts';

export function EventFields({
  values,
  onChange,
}: {
  values: EventFormValues;
  onChange(values: EventFormValues): void;
}) {
  const ids = { location: useId(), date: useId(), description: useId(), mapsLink: useId() };
  const set = (key: keyof EventFormValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [key]: event.target.value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={ids.location} label="Location">
        <input
          id={ids.location}
          value={values.location}
          onChange={set('location')}
          maxLength={200}
          autoComplete="off"
          className={inputClass}
        />
      </Field>
      <Field id={ids.date} label="Date and time">
        <input id={ids.date} type="datetime-local" value={values.date} onChange={set('date')} className={inputClass} />
      </Field>
      <div className="sm:col-span-2">
        <Field id={ids.description} label="Description" optional>
          <textarea
            id={ids.description}
            value={values.description}
            onChange={set('description')}
            rows={3}
            maxLength={2000}
            className={inputClass}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          id={ids.mapsLink}
          label="Maps link"
          optional
          hint="A web address, for example a map of the meeting point."
        >
          <input
            id={ids.mapsLink}
            type="url"
            inputMode="url"
            value={values.mapsLink}
            onChange={set('mapsLink')}
            placeholder="https://"
            aria-describedby={`${ids.mapsLink}-hint`}
            className={inputClass}
          />
        </Field>
      </div>
    </div>
  );
}
