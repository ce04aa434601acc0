// Administrators' side of Open311 both ways: issue, list and revoke partner apps' API keys (each
// change audited), and refer reports to the bodies responsible for them.
import type { FastifyInstance } from 'fastify';
import { open311PartnerEndpoints as endpoints } from '#shared/contracts/open311-partners.ts';
import { serve } from '#server/http/serve.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { ReferralsService } from './referrals.service.ts';

export async function open311PartnersRoutes(
  app: FastifyInstance,
  { keys, referrals }: { keys: ApiKeysService; referrals: ReferralsService },
) {
  const admin = { access: 'admin' as const };

  serve(app, endpoints.keys, admin, () => keys.list());

  serve(
    app,
    endpoints.issueKey,
    { ...admin, audit: { action: 'open311.key.issue', fields: ['name'] } },
    async (request) => {
      const issued = await keys.issue(request.body.name);
      // The entry names the key, never the key itself.
      request.auditNote = { targetType: 'open311-key', targetId: issued.key.id, detail: { hint: issued.key.hint } };
      return issued;
    },
  );

  serve(app, endpoints.revokeKey, { ...admin, audit: { action: 'open311.key.revoke' } }, async (request) => {
    const key = await keys.revoke(request.params.id);
    request.auditNote = { targetType: 'open311-key', targetId: key.id, detail: { name: key.name, hint: key.hint } };
    return key;
  });

  serve(app, endpoints.bodies, admin, () => referrals.bodies());
  serve(app, endpoints.referrals, admin, () => referrals.list());
  serve(app, endpoints.refer, { ...admin, audit: { action: 'report.refer', fields: ['bodyId'] } }, (request) =>
    referrals.refer(request.params.id, request.body.bodyId),
  );
  serve(app, endpoints.resendReferral, { ...admin, audit: { action: 'report.referral.resend' } }, async (request) => {
    const referral = await referrals.resend(request.params.id);
    request.auditNote = { targetType: 'report', targetId: referral.reportId, detail: { body: referral.bodyName } };
    return referral;
  });
  serve(
    app,
    endpoints.withdrawReferral,
    { ...admin, audit: { action: 'report.referral.withdraw' } },
    async (request) => {
      const referral = await referrals.withdraw(request.params.id);
      request.auditNote = { targetType: 'report', targetId: referral.reportId, detail: { body: referral.bodyName } };
      return referral;
    },
  );
}
