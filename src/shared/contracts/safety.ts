// Safety and consent before a claim: the operator's safety briefing, accepted once each London
// calendar year with the volunteer's age band (confirmed once), and the owner's consent an
// administrator records for a report on private property.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { reportIdParamsSchema } from './reports.ts';

export const AGE_BANDS = ['under-16', '16-or-over'] as const;
export const ageBandSchema = z.enum(AGE_BANDS, { error: 'Please say whether you are under 16 or 16 or over.' });
export type AgeBand = z.infer<typeof ageBandSchema>;

export const safetyBriefingResponseSchema = z.object({
  /** The operator's briefing, paragraphs separated by blank lines. */
  briefing: z.string(),
  /** Whether the signed-in volunteer has accepted it this (London) calendar year. */
  acceptedThisYear: z.boolean(),
  /** When they last accepted it; null if never. */
  acceptedAt: z.iso.datetime().nullable(),
  /** The age band they confirmed; null until they have. */
  ageBand: ageBandSchema.nullable(),
});
export type SafetyBriefingResponse = z.infer<typeof safetyBriefingResponseSchema>;

export const acceptBriefingRequestSchema = z.object({
  /** Needed the first time; afterwards the band confirmed once stands and this is ignored. */
  ageBand: ageBandSchema.optional(),
});

export const ownerConsentNeededRequestSchema = z.object({ needed: z.boolean() });
export const ownerConsentGivenRequestSchema = z.object({
  givenBy: z.string().trim().min(1, 'Please say who gave consent.').max(200),
  /** When the owner gave it; now when left out. */
  givenAt: z.iso.datetime().optional(),
});

export const ownerConsentSchema = z.object({
  reportId: z.number().int(),
  needed: z.boolean(),
  givenBy: z.string().nullable(),
  givenAt: z.iso.datetime().nullable(),
});
export type OwnerConsent = z.infer<typeof ownerConsentSchema>;

export const safetyEndpoints = {
  briefing: endpoint(apiRoutes.safety.briefing, { response: safetyBriefingResponseSchema }),
  accept: endpoint(apiRoutes.safety.accept, {
    body: acceptBriefingRequestSchema,
    response: safetyBriefingResponseSchema,
  }),
  consentNeeded: endpoint(apiRoutes.safety.consentNeeded, {
    params: reportIdParamsSchema,
    body: ownerConsentNeededRequestSchema,
    response: ownerConsentSchema,
  }),
  consentGiven: endpoint(apiRoutes.safety.consentGiven, {
    params: reportIdParamsSchema,
    body: ownerConsentGivenRequestSchema,
    response: ownerConsentSchema,
  }),
};
