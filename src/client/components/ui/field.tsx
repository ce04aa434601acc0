// A labelled form field, in a dialog or on a page (the input style is input-class.ts).
import type { ReactNode } from 'react';

/** A labelled form field: the label above, an optional hint and error below, wired by id. */
export function Field({
  id,
  label,
  hint,
  children,
  optional,
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
