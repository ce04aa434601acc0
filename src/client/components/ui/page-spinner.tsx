import { LoaderCircle } from 'lucide-react';

/**
 * A centred spinner for a screen that is still finding out what to show, announced politely. Marked
 * data-busy rather than aria-busy, which would keep screen readers from announcing it.
 */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" data-busy className="grid min-h-dvh place-items-center px-5 py-16">
      <div className="grid justify-items-center gap-3 text-civic-800">
        <LoaderCircle aria-hidden="true" className="h-10 w-10 animate-spin motion-reduce:animate-none" />
        <span className="text-base font-semibold">{label}</span>
      </div>
    </div>
  );
}
