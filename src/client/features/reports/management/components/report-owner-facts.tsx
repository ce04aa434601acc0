// On an administrator's report card: the partner app (Open311) whose key made the report, and the
// owner a report is referred to, with the owner's clock ("With City of Edinburgh Council: overdue by
// 2 days") while it is theirs, or that the referral could not be sent (the referrals card on the
// analytics tab sends it again or withdraws it). Terms of the card's list of facts.
import { formatDateTime } from '#shared/domain/format.ts';
import { managementMessages } from '#shared/domain/admin-messages.ts';
import { isOverdue, ownersClockWords } from '#shared/domain/service-level-words.ts';
import type { ReportPageItem } from '#shared/contracts/reports.ts';

const late = 'rounded-full border border-red-800 bg-red-50 px-2 py-px font-semibold text-red-900';

export function ReportOwnerFacts({ report }: { report: Pick<ReportPageItem, 'partner' | 'referral' | 'status'> }) {
  const { partner, referral } = report;
  const now = new Date();
  return (
    <>
      {partner && (
        <div className="flex items-center gap-1.5">
          <dt className="font-semibold">From partner app:</dt>
          <dd>{partner}</dd>
        </div>
      )}
      {referral &&
        (referral.dueAt &&
        referral.state !== 'failed' &&
        referral.state !== 'closed' &&
        report.status !== 'completed' ? (
          // On the owner's clock, in the place of our own target.
          <div className="flex items-center gap-1.5">
            <dt className="font-semibold">{managementMessages.serviceClockLabel}</dt>
            <dd className={isOverdue(referral.dueAt, now) ? late : undefined}>
              <time dateTime={referral.dueAt} title={formatDateTime(referral.dueAt)}>
                {ownersClockWords(referral.bodyName, referral.dueAt, now)}
              </time>
            </dd>
          </div>
        ) : (
          <div className="flex items-center gap-1.5">
            <dt className="font-semibold">Referral:</dt>
            <dd className={referral.state === 'failed' ? late : undefined}>
              {referral.state === 'failed'
                ? `Could not be sent to ${referral.bodyName}`
                : referral.state === 'closed'
                  ? `Cleaned by ${referral.bodyName}`
                  : `With ${referral.bodyName}`}
            </dd>
          </div>
        ))}
    </>
  );
}
