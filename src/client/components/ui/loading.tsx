import type { ReactNode } from 'react';

/** A part of a page still loading, in words: announced as a status, or only marked busy where `busy`. */
export function Loading({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <p {...(busy ? { 'aria-busy': true } : { role: 'status' })} className="text-slate-700">
      {children}
    </p>
  );
}
