// Open311 both ways, as administrators see it: the API keys partner apps post service requests with
// (issued with a name, shown once, revoked), and referrals of a report to the body responsible for it.
import { z } from 'zod';
import { rowIdParam } from './ids.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { plainText } from './text.ts';

export const apiKeyMessages = {
  nameRequired: 'Enter the partner name.',
  nameTooLong: 'The partner name must be at most 80 characters.',
  unknownKey: 'There is no such API key.',
} as const;

export const apiKeySchema = z.object({
  id: z.number().int(),
  /** The partner's name: every service request the key makes is marked with it. */
  name: z.string(),
  /** The key's last four characters, to tell keys apart; the key itself is never shown again. */
  hint: z.string(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Service requests posted with this key. */
  requests: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const issuedApiKeySchema = z.object({
  key: apiKeySchema,
  /** The key itself: shown this once, stored only as its hash. */
  secret: z.string(),
});
export type IssuedApiKey = z.infer<typeof issuedApiKeySchema>;

export const issueApiKeyBodySchema = z.object({
  name: plainText('The partner name', { error: apiKeyMessages.nameRequired })
    .min(1, { message: apiKeyMessages.nameRequired })
    .max(80, { message: apiKeyMessages.nameTooLong }),
});

const idParams = z.object({ id: rowIdParam() });

/** A body the operator names in the settings as responsible for some walls, and how it is reached. */
export const responsibleBodySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Open311 (the body's GeoReport v2 endpoint) or e-mail. */
  via: z.enum(['open311', 'email']),
});
export type ResponsibleBody = z.infer<typeof responsibleBodySchema>;

/**
 * waiting (in the outbox), sent (the body has it), closed (the body says it is done), failed (refused,
 * turned down, or not taken in time: an administrator sends it again or withdraws it), withdrawn (taken
 * back by an administrator: the report is offered to volunteers again).
 */
export const REFERRAL_STATES = ['waiting', 'sent', 'closed', 'failed', 'withdrawn'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export const referralSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  bodyId: z.string(),
  bodyName: z.string(),
  state: z.enum(REFERRAL_STATES),
  /** The body's own service_request_id, once it has answered with one. */
  remoteId: z.string().nullable(),
  /** The body's last answer, in words (its status and notes, or why it could not be reached). */
  lastAnswer: z.string().nullable(),
  referredAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  checkedAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralMessages = {
  bodyRequired: 'Choose who is responsible.',
  unknownBody: 'There is no such responsible body in the settings.',
  unknownReport: 'There is no such report.',
  alreadyReferred: 'This report has already been referred.',
  completed: 'This report is already cleaned.',
  unknownReferral: 'There is no such referral.',
  notFailed: 'Only a referral that could not be sent can be sent again.',
  notWithdrawable: 'Only a referral that could not be sent, or that the owner has, can be withdrawn.',
  withdrawnAnswer: 'Withdrawn by an administrator: offered to volunteers again.',
} as const;

export const referBodySchema = z.object({
  bodyId: z.string({ error: referralMessages.bodyRequired }).min(1, { message: referralMessages.bodyRequired }).max(64),
});

const routes = apiRoutes.open311Partners;

export const open311PartnerEndpoints = {
  keys: endpoint(routes.keys, { response: z.array(apiKeySchema) }),
  issueKey: endpoint(routes.issueKey, { body: issueApiKeyBodySchema, response: issuedApiKeySchema, status: 201 }),
  revokeKey: endpoint(routes.revokeKey, { params: idParams, response: apiKeySchema }),
  bodies: endpoint(routes.bodies, { response: z.array(responsibleBodySchema) }),
  referrals: endpoint(routes.referrals, { response: z.array(referralSchema) }),
  refer: endpoint(routes.refer, { params: idParams, body: referBodySchema, response: referralSchema, status: 201 }),
  resendReferral: endpoint(routes.resendReferral, { params: idParams, response: referralSchema }),
  withdrawReferral: endpoint(routes.withdrawReferral, { params: idParams, response: referralSchema }),
};
