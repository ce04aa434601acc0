import { route } from '../http.ts';

/** Open311 both ways, for administrators: partner apps' API keys, and referring a report to its owner. */
export const open311PartnersRoutes = {
  keys: route('GET', '/api/admin/open311/keys'),
  issueKey: route('POST', '/api/admin/open311/keys'),
  revokeKey: route('POST', '/api/admin/open311/keys/:id/revoke'),
  bodies: route('GET', '/api/admin/referrals/bodies'),
  referrals: route('GET', '/api/admin/referrals'),
  refer: route('POST', '/api/admin/reports/:id/referral'),
  resendReferral: route('POST', '/api/admin/referrals/:id/resend'),
  withdrawReferral: route('POST', '/api/admin/referrals/:id/withdraw'),
} as const;
