// 'Me too': anyone may confirm an open report (awaiting clean-up or being cleaned) instead of making
// another, once per device, optionally with a photo: sent in the form, or sent ahead like a report's.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { meTooMessages } from '../domain/me-too-messages.ts';
import { reportIdParamsSchema, stagedPhotoReferenceSchema } from './reports.ts';

/** The browser's own random id, kept on the device: the server keeps only its hash. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{32,100}$/;

export const meTooFieldsSchema = z.object({
  device: z.string({ error: meTooMessages.device }).regex(DEVICE_ID_PATTERN, { message: meTooMessages.device }),
  stagedPhoto: stagedPhotoReferenceSchema.optional(),
});

export const meTooResultSchema = z.object({
  id: z.number().int(),
  meTooCount: z.number().int(),
  message: z.string(),
});
export type MeTooResult = z.infer<typeof meTooResultSchema>;

const routes = apiRoutes.meToo;

export const meTooEndpoints = {
  confirm: endpoint(routes.confirm, {
    params: reportIdParamsSchema,
    form: { fields: meTooFieldsSchema, files: { photo: { max: 1 } } },
    response: meTooResultSchema,
    status: 201,
  }),
};
