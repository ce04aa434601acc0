// One row of a card's small form: a short label above its input, wired by id. Cards that set several
// figures side by side (a period's two days; minutes, bags and area) use one each.
import { useId, type InputHTMLAttributes } from 'react';
import { inputClass } from './input-class.ts';

export function LabelledInput({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}
