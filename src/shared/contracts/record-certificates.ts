// A volunteer's record as a certificate: the approved hours, sites cleaned and events attended over a
// period they choose, with a link anyone may open to check those figures (and nothing else).
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { eventIdParamsSchema } from './events.ts';

export const certificateMessages = {
  periodInvalid: 'Choose a period: a start date on or before the end date, both in the past or today.',
  notFound: 'That certificate was not found among yours.',
  verifyNotFound: 'No certificate has this code, or its volunteer has withdrawn it. Check the link is complete.',
} as const;

const isoDay = z
  .string({ error: certificateMessages.periodInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: certificateMessages.periodInvalid })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { message: certificateMessages.periodInvalid });

export const certificateInputSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((period) => period.from <= period.to, { message: certificateMessages.periodInvalid, path: ['to'] });

/** The figures a certificate states, as the check page shows them. */
export const certificateFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Approved minutes: clean-ups' (measured, or corrected down) and MUCU events' approved entries. */
  minutes: z.number().int(),
  sitesCleaned: z.number().int(),
  eventsAttended: z.number().int(),
  issuedAt: z.iso.datetime(),
});
export type CertificateFigures = z.infer<typeof certificateFiguresSchema>;

export const certificateSchema = certificateFiguresSchema.extend({
  id: z.number().int(),
  code: z.string(),
  verifyUrl: z.string(),
  withdrawnAt: z.iso.datetime().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const verifyParamsSchema = z.object({ code: z.string().max(100) });

const routes = apiRoutes.recordCertificates;

export const recordCertificateEndpoints = {
  list: endpoint(routes.list, { response: z.array(certificateSchema) }),
  issue: endpoint(routes.issue, { body: certificateInputSchema, response: certificateSchema, status: 201 }),
  pdf: endpoint(routes.pdf, { params: eventIdParamsSchema, response: null }),
  withdraw: endpoint(routes.withdraw, { params: eventIdParamsSchema, response: certificateSchema }),
  verify: endpoint(routes.verify, { params: verifyParamsSchema, response: certificateFiguresSchema }),
};
