// Shown in the form area after a report has gone: its reference and the private link to its status
// page, kept on this device too ('My reports'). It takes the focus when it appears, so the person
// (and their screen reader) lands on what happened rather than on a form that has been emptied.
import { useEffect, useId, useRef } from 'react';
import { ArrowRight, BadgeCheck } from 'lucide-react';
import { Link } from 'wouter';
import { followUpMessages as m } from '#shared/domain/follow-up-messages.ts';
import { reportStatusPath } from '#shared/routes.ts';

export function ReportReceipt({ id, statusToken }: { id: number; statusToken: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  const heading = useId();
  useEffect(() => box.current?.focus(), [id]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="group"
      aria-labelledby={heading}
      className="grid gap-2 rounded-2xl border-2 border-green-800 bg-green-50 p-4 text-green-950 outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-accent-600"
    >
      <p id={heading} className="flex items-center gap-2 text-lg font-semibold">
        <BadgeCheck aria-hidden="true" className="h-6 w-6" />
        {m.reference(id)}
      </p>
      {statusToken && (
        <>
          <p className="text-sm">{m.statusLinkHelp}</p>
          <p>
            <Link
              href={reportStatusPath(statusToken)}
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-civic-900 underline underline-offset-4"
            >
              {m.statusLinkLabel} <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
