// On an administrator's report card: how many people said 'Me too' for the report (nothing when none),
// with the icon the card's other counts use (already in its code).
import { Users } from 'lucide-react';
import { meTooMessages as m } from '#shared/domain/me-too-messages.ts';

export function MeTooCount({ count }: { count: number }) {
  if (count < 1) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-slate-500 bg-white px-2.5 py-0.5 text-sm font-semibold text-slate-800">
      <Users aria-hidden="true" className="h-3.5 w-3.5" />
      {m.count(count)}
    </span>
  );
}
