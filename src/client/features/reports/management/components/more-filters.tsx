// The filters besides status, sort and search words: a range of days, reports without a map
// position, priority reports only. Part of the search form (their fields name it), applied with its
// button. Its code loads when 'More filters' is first opened.
import { useId } from 'react';
import { inputClass } from '#client/components/ui/dialog.tsx';
import type { Narrowing } from '../report-list.ts';

const buttonClass =
  'min-h-11 rounded-xl border-2 border-civic-800 px-3 text-sm font-semibold text-civic-800 hover:bg-civic-50';

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
  const differs = (['from', 'to', 'unplaced', 'priority'] as const).some((key) => draft[key] !== applied[key]);
  return (
    <div id={id} className="flex flex-wrap items-end gap-x-3 gap-y-2 rounded-xl border border-stone-300 bg-white p-3">
      <div className="grid gap-1">
        <label htmlFor={ids.from} className="text-sm font-semibold text-slate-700">
          Reported from
        </label>
        <input
          id={ids.from}
          form={form}
          type="date"
          value={draft.from}
          onChange={(event) => onChange({ ...draft, from: event.target.value })}
          className={inputClass}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.to} className="text-sm font-semibold text-slate-700">
          Reported to
        </label>
        <input
          id={ids.to}
          form={form}
          type="date"
          value={draft.to}
          onChange={(event) => onChange({ ...draft, to: event.target.value })}
          className={inputClass}
        />
      </div>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          form={form}
          type="checkbox"
          checked={draft.unplaced}
          onChange={(event) => onChange({ ...draft, unplaced: event.target.checked })}
          className="h-5 w-5 accent-civic-800"
        />
        Only reports without a map position
      </label>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          form={form}
          type="checkbox"
          checked={draft.priority}
          onChange={(event) => onChange({ ...draft, priority: event.target.checked })}
          className="h-5 w-5 accent-civic-800"
        />
        Priority only
      </label>
      <button type="submit" form={form} className={buttonClass}>
        Apply filters
      </button>
      {differs && <p className="w-full text-sm text-slate-700">Not applied yet.</p>}
    </div>
  );
}
