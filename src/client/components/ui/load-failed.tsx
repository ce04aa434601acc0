// What a page or card shows when what it needs could not be loaded: what failed, in words, and one
// 'Try again' button. Announced at once (role alert), so a screen-reader user hears it too.
import type { ReactNode } from 'react';
import { describeError } from '#client/lib/api-client.ts';
import { Button } from './button.tsx';

interface LoadFailedProps {
  /** What failed, as the person should read it. */
  message: ReactNode;
  onRetry: () => void;
}

/** A whole page that could not open: its heading, why, and 'Try again'. */
export function PageLoadFailed({ title, message, onRetry }: LoadFailedProps & { title: string }) {
  return (
    <div role="alert" className="mx-auto grid max-w-xl gap-4 px-5 py-16">
      <h1 className="text-2xl font-bold text-civic-900">{title}</h1>
      <p className="text-slate-700">{message}</p>
      <p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </div>
  );
}

/** A part of a page (a list, a card's contents) that could not be loaded, in a red panel. */
export function LoadFailed({ message, onRetry, inCard = false }: LoadFailedProps & { inCard?: boolean }) {
  return (
    <div
      role="alert"
      className={`grid gap-3 border-2 border-red-700 bg-red-50 text-red-950 ${inCard ? 'rounded-xl p-3' : 'rounded-2xl p-4'}`}
    >
      <p>{message}</p>
      <p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </div>
  );
}

/** Why a call failed, in the server's words where it gave them, announced at once: no retry of its own. */
export function CallError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-red-800">
      {describeError(error).message}
    </p>
  );
}
