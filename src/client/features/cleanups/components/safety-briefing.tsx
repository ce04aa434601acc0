// The operator's safety briefing, shown before a volunteer's first claim each year: read it, confirm the
// age band the first time, and accept. The server refuses a claim until this is done.
import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { AgeBand, SafetyBriefingResponse } from '#shared/contracts/safety.ts';
import { Button } from '#client/components/ui/button.tsx';
import { describeError } from '#client/lib/api-client.ts';
import { useAcceptBriefing } from '../api/safety-calls.ts';

export function SafetyBriefing({ briefing }: { briefing: SafetyBriefingResponse }) {
  const accept = useAcceptBriefing();
  const [ageBand, setAgeBand] = useState<AgeBand | null>(briefing.ageBand);
  const needsBand = briefing.ageBand === null;

  return (
    <section aria-labelledby="safety-heading" className="grid gap-4 rounded-2xl border-2 border-civic-700 bg-white p-5">
      <h2 id="safety-heading" className="flex items-center gap-2 text-2xl font-bold text-civic-900">
        <ShieldCheck aria-hidden="true" className="h-7 w-7 shrink-0" />
        Safety briefing
      </h2>
      <p className="text-slate-700">
        {briefing.acceptedAt
          ? 'A new year: please read the safety briefing again before you claim a site.'
          : 'Before you claim your first site, please read the safety briefing.'}
      </p>
      <div className="grid gap-3 text-slate-900">
        {briefing.briefing.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          accept.mutate(ageBand ?? undefined);
        }}
      >
        {needsBand && (
          <fieldset className="grid gap-2">
            <legend className="font-semibold text-slate-900">How old are you?</legend>
            {(
              [
                ['16-or-over', '16 or over'],
                ['under-16', 'Under 16'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 text-lg">
                <input
                  type="radio"
                  name="ageBand"
                  value={value}
                  required
                  checked={ageBand === value}
                  onChange={() => setAgeBand(value)}
                  className="h-5 w-5"
                />
                {label}
              </label>
            ))}
            <p className="text-sm text-slate-700">Volunteers under 16 clean with an adult at group events.</p>
          </fieldset>
        )}
        {accept.isError && (
          <p role="alert" className="font-semibold text-red-800">
            {describeError(accept.error).message}
          </p>
        )}
        <Button type="submit" disabled={accept.isPending} className="min-h-14 w-full text-lg">
          I have read the safety briefing
        </Button>
      </form>
    </section>
  );
}
