// The filters besides status, sort and search words: a range of days, reports without a map
// position, priority or overdue reports only, reports awaiting their owner's consent. Part of the search form (their fields name it), applied with its
// button. Its code loads when 'More filters' is first opened.
import { useId } from 'react';
import { inputClass } from '#client/components/ui/input-class.ts';
import type { Narrowing } from '../report-list.ts';

const buttonClass =
  'min-h-11 rounded-xl border-2 border-civic-800 px-3 text-sm font-semibold text-civic-800 hover:bg-civic-50';

const dates = [
  { key: 'from', label: 'Reported from' },
  { key: 'to', label: 'Reported to' },
] as const;
const checks = [
  { key: 'unplaced', label: 'Only reports without a map position' },
  { key: 'priority', label: 'Priority only' },
  { key: 'overdue', label: 'Overdue only' },
  { key: 'awaitingConsent', label: "Awaiting the owner's consent" },
] as const;

export function MoreFilters({
  id,
  form,
  draft,
  onChange,
  applied,
}: {
  id: string;
  form: string;
  draft: Narrowing;
  onChange(next: Narrowing): void;
  applied: Narrowing;
}) {
  const ids = { from: useId(), to: useId() };
  const differs = (Object.keys(draft) as (keyof Narrowing)[]).some((key) => key !== 'q' && draft[key] !== applied[key]);
  return (
    <div id={id} className="flex flex-wrap items-end gap-x-3 gap-y-2 rounded-xl border border-stone-300 bg-white p-3">
      {dates.map(({ key, label }) => (
        <div key={key} className="grid gap-1">
          <label htmlFor={ids[key]} className="text-sm font-semibold text-slate-700">
            {label}
          </label>
          <input
            id={ids[key]}
            form={form}
            type="date"
            value={draft[key]}
            onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
            className={inputClass}
          />
        </div>
      ))}
      {checks.map(({ key, label }) => (
        <label key={key} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            form={form}
            type="checkbox"
            checked={draft[key]}
            onChange={(event) => onChange({ ...draft, [key]: event.target.checked })}
            className="h-5 w-5 accent-civic-800"
          />
          {label}
        </label>
      ))}
      <button type="submit" form={form} className={buttonClass}>
        Apply filters
      </button>
      {differs && <p className="w-full text-sm text-slate-700">Not applied yet.</p>}
    </div>
  );
}
