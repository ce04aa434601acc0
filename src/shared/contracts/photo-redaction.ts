// `POST /api/admin/photos/redact`: an administrator blurs parts of a stored photo. Areas are given as
// fractions of the photo's width and height (0 to 1), so they do not depend on the size it is shown at.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { redactionMessages } from '../domain/privacy-messages.ts';

export { redactionMessages };

/** Tolerance for areas drawn up to the photo's edge, where rounding can pass 1 by a hair. */
const EDGE = 1e-6;

export const redactionAreaSchema = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().positive().max(1),
    height: z.number().positive().max(1),
  })
  .refine((a) => a.x + a.width <= 1 + EDGE && a.y + a.height <= 1 + EDGE, { message: redactionMessages.areaOutside });
export type RedactionArea = z.infer<typeof redactionAreaSchema>;

export const redactPhotoRequestSchema = z.object({
  /** The photo as the report shows it: `/photos/<key>.jpg`. */
  photoUrl: z.string().regex(/^\/photos\/[A-Za-z0-9_-]+\.jpg$/, { message: redactionMessages.photoNotFound }),
  areas: z
    .array(redactionAreaSchema, { error: redactionMessages.noArea })
    .min(1, { message: redactionMessages.noArea })
    .max(20, { message: redactionMessages.tooManyAreas }),
});
export type RedactPhotoRequest = z.infer<typeof redactPhotoRequestSchema>;

export const redactPhotoResponseSchema = z.object({
  reportId: z.number().int(),
  photoUrl: z.string(),
  thumbnailUrl: z.string(),
});
export type RedactPhotoResponse = z.infer<typeof redactPhotoResponseSchema>;

export const photoRedactionEndpoints = {
  redact: endpoint(apiRoutes.photoRedaction.redact, {
    body: redactPhotoRequestSchema,
    response: redactPhotoResponseSchema,
  }),
};
