// One fact in a report card's list of facts, and the report's clock among them: when it is due to be
// cleaned, or how late it is, read at each drawing of the list.
import type { ReactNode } from 'react';
import { formatDateTime } from '#shared/domain/format.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { isOverdue } from '#shared/domain/service-level-words.ts';

/** A fact gone wrong: a clock past its due time, a referral that could not be sent. */
export const lateClass = 'rounded-full border border-red-800 bg-red-50 px-2 py-px font-semibold text-red-900';

export function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="font-semibold">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** The clock due at `dueAt`, in the `words` of whoever's clock it is (ours, or the owner's on a referral). */
export function ClockFact({ dueAt, words }: { dueAt: string; words(dueAt: string, now: Date): string }) {
  const now = new Date();
  return (
    <Fact label={managementMessages.serviceClockLabel} className={isOverdue(dueAt, now) ? lateClass : undefined}>
      <time dateTime={dueAt} title={formatDateTime(dueAt)}>
        {words(dueAt, now)}
      </time>
    </Fact>
  );
}
