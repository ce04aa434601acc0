// What an administrator may do with a referral the body did not take (refused, turned down, or not
// sent in time): send it again to the same body, or withdraw it so volunteers are offered the report
// again. A referral the owner has may also be withdrawn. Each says what it did in a toast.
import { Button } from '#client/components/ui/button.tsx';
import { toastSuccess } from '#client/lib/use-toast.ts';
import { errorToast } from '#client/lib/error-toast.ts';
import type { Referral } from '#shared/contracts/open311-partners.ts';
import { useResendReferral, useWithdrawReferral } from '../api/use-referrals.ts';

export function ReferralActions({ referral }: { referral: Referral }) {
  const resend = useResendReferral();
  const withdraw = useWithdrawReferral();
  if (referral.state !== 'failed' && referral.state !== 'sent') return null;
  const busy = resend.isPending || withdraw.isPending;
  const which = `the referral of reference #${referral.reportId}`;
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {referral.state === 'failed' && (
        <Button
          type="button"
          variant="secondary"
          aria-disabled={busy || undefined}
          onClick={async () => {
            if (busy) return;
            try {
              await resend.mutateAsync(referral.id);
              toastSuccess(
                'Referral sent again',
                `Reference #${referral.reportId} goes to ${referral.bodyName} again.`,
              );
            } catch (error) {
              errorToast('Referral not sent again', error);
            }
          }}
        >
          Send again
          <span className="sr-only">
            {' '}
            {which} to {referral.bodyName}
          </span>
        </Button>
      )}
      <Button
        type="button"
        variant="secondary"
        aria-disabled={busy || undefined}
        onClick={async () => {
          if (busy) return;
          try {
            await withdraw.mutateAsync(referral.id);
            toastSuccess('Referral withdrawn', `Reference #${referral.reportId} is offered to volunteers again.`);
          } catch (error) {
            errorToast('Referral not withdrawn', error);
          }
        }}
      >
        Withdraw<span className="sr-only"> {which}</span>
      </Button>
    </div>
  );
}
