// Referrals of reports to the bodies responsible for them: the bodies, the referrals, referring one.
import { useQuery } from '@tanstack/react-query';
import { open311PartnersApi } from '#client/lib/calls/open311-partners.ts';
import { useRefreshingMutation } from '#client/lib/query-client.ts';

export const referralsKey = [open311PartnersApi.referrals.url()] as const;

export const useResponsibleBodies = () =>
  useQuery({ queryKey: [open311PartnersApi.bodies.url()], queryFn: () => open311PartnersApi.bodies() });

export const useReferrals = () => useQuery({ queryKey: referralsKey, queryFn: () => open311PartnersApi.referrals() });

export const useRefer = () =>
  useRefreshingMutation(
    ({ reportId, bodyId }: { reportId: number; bodyId: string }) =>
      open311PartnersApi.refer({ params: { id: reportId }, body: { bodyId } }),
    [referralsKey],
  );

/** A referral that could not be sent, sent again to the same body. */
export const useResendReferral = () =>
  useRefreshingMutation((id: number) => open311PartnersApi.resendReferral({ params: { id } }), [referralsKey]);

/** A referral taken back: the report is offered to volunteers again. */
export const useWithdrawReferral = () =>
  useRefreshingMutation((id: number) => open311PartnersApi.withdrawReferral({ params: { id } }), [referralsKey]);
