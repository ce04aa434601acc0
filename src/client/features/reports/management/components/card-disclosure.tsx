// A disclosure in a report card's row of actions (its state in aria-expanded): what it opens sits on a
// line of its own below, and its code and data are asked for only once opened, so a page of cards
// carries none of it and asks nothing more of the server.
import { Suspense, useId, useState, type ReactNode } from 'react';
import { CardIcon } from './card-icons.tsx';

export function CardDisclosure({
  label,
  loading,
  loadingClass = 'text-slate-700',
  children,
}: {
  label: string;
  /** What shows while the opened part loads, and its colour. */
  loading: string;
  loadingClass?: string;
  /** The opened part, given the id the button controls. */
  children(id: string): ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="contents">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg px-1 text-sm font-semibold text-civic-800 underline-offset-4 hover:underline"
      >
        <CardIcon name="chevron-down" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        {label}
      </button>
      {open && (
        <Suspense
          fallback={
            <p id={id} className={`basis-full text-sm ${loadingClass}`}>
              {loading}
            </p>
          }
        >
          {children(id)}
        </Suspense>
      )}
    </div>
  );
}
