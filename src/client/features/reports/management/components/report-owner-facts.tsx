// On an administrator's report card: the partner app (Open311) whose key made the report, and the
// owner a report is referred to, with the owner's clock ("With City of Edinburgh Council: overdue by
// 2 days") while it is theirs, or that the referral could not be sent (the referrals card on the
// analytics tab sends it again or withdraws it). Terms of the card's list of facts.
import { ownersClockWords } from '#shared/domain/service-level-words.ts';
import type { ReportPageItem } from '#shared/contracts/reports.ts';
import { ClockFact, Fact, lateClass } from './card-fact.tsx';

export function ReportOwnerFacts({ report }: { report: Pick<ReportPageItem, 'partner' | 'referral' | 'status'> }) {
  const { partner, referral } = report;
  return (
    <>
      {partner && <Fact label="From partner app:">{partner}</Fact>}
      {referral &&
        (referral.dueAt &&
        referral.state !== 'failed' &&
        referral.state !== 'closed' &&
        report.status !== 'completed' ? (
          // On the owner's clock, in the place of our own target.
          <ClockFact dueAt={referral.dueAt} words={(dueAt, now) => ownersClockWords(referral.bodyName, dueAt, now)} />
        ) : (
          <Fact label="Referral:" className={referral.state === 'failed' ? lateClass : undefined}>
            {referral.state === 'failed'
              ? `Could not be sent to ${referral.bodyName}`
              : referral.state === 'closed'
                ? `Cleaned by ${referral.bodyName}`
                : `With ${referral.bodyName}`}
          </Fact>
        ))}
    </>
  );
}
