// The administrators are told of the reports that need them: a report not cleaned by its due time,
// and offensive graffiti nobody has claimed 2 hours after it was reported. Each report is told once
// for each reason: it is marked told in the transaction that queues the message (the outbox), so a
// crash or a second process repeats nothing. A few reports at a time are told as they fall due, in one
// message per run; when more fall due together, they are held and told in one summary from the daily
// summary hour (the hour of the volunteers' digest), instead of a flood. Reports on another owner's
// clock (referred to the body responsible for the wall) are that owner's to clean and are not told;
// one given back to us (its referral given up or withdrawn) is told as any other, once.
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import type { PeriodicJob } from '#server/jobs/index.ts';
import { cityDayAndHour } from '#shared/domain/calendar-days.ts';
import { UNCLAIMED_OFFENSIVE_HOURS } from '#shared/domain/service-levels.ts';
import { toIsoOrNull } from '#server/db/tables.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** More than this many at once are held for the daily summary. */
export const MOST_TOLD_AT_ONCE = 5;
/** The most one summary takes (the rest are told in the next). */
const SUMMARY_MOST = 1000;

interface Escalated {
  id: number;
  what3words: string;
  reason: 'overdue' | 'unclaimed';
  dueAt: string | null;
}

export interface EscalationDeps {
  repository: ReportsRepository;
  clock: Clock;
  /** The London hour from which held reports are told in one summary. */
  summaryHour: number;
  enqueue(
    trx: Db,
    payload: { kind: 'instant' | 'summary'; reports: Escalated[]; total: number },
    now: string,
  ): Promise<void>;
  /** Reports on another owner's clock, left out. */
  ownersClockReportIds?: () => Promise<number[]>;
}

export function escalationJob({
  repository,
  clock,
  summaryHour,
  enqueue,
  ownersClockReportIds,
}: EscalationDeps): PeriodicJob {
  async function run(): Promise<number> {
    const now = clock.now();
    const unclaimedBefore = new Date(now.getTime() - UNCLAIMED_OFFENSIVE_HOURS * 3_600_000).toISOString();
    const others = (await ownersClockReportIds?.()) ?? [];
    return repository.transaction(async (trx) => {
      const found = await repository.needingAttention(now.toISOString(), unclaimedBefore, SUMMARY_MOST, trx, others);
      const reports: Escalated[] = [
        ...found.unclaimed.map((r) => ({ ...r, reason: 'unclaimed' as const })),
        ...found.overdue.map((r) => ({ ...r, reason: 'overdue' as const })),
      ].map(({ id, what3words, due_at, reason }) => ({ id, what3words, reason, dueAt: toIsoOrNull(due_at) }));
      if (reports.length === 0) return 0;
      const many = reports.length > MOST_TOLD_AT_ONCE;
      if (many && cityDayAndHour(now).hour < summaryHour) return 0; // held for the summary
      const at = now.toISOString();
      for (const reason of ['overdue', 'unclaimed'] as const) {
        const ids = found[reason].map((r) => r.id);
        await repository.markEscalated(ids, reason, at, trx);
      }
      await enqueue(trx, { kind: many ? 'summary' : 'instant', reports, total: reports.length }, at);
      return reports.length;
    });
  }
  return { name: 'service-level-escalation', everyMs: 5 * 60_000, run };
}
