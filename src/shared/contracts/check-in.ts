// Checking in at a MUCU event: the organiser's screen (a code and its link, both changing every
// minute) and a volunteer checking in with the code, from the link or typed.
import { z } from 'zod';
import { CHECK_IN_CODE_LENGTH, checkInMessages, normaliseCheckInCode } from '../domain/check-in.ts';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { eventIdParamsSchema } from './events.ts';
import { rowId } from './ids.ts';

/** `GET /api/admin/mucus/:id/check-in`. `code` and `link` are null while check-in is closed. */
export const checkInScreenSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  opensAt: z.iso.datetime(),
  closesAt: z.iso.datetime(),
  open: z.boolean(),
  code: z.string().nullable(),
  /** The page a phone's camera opens from the QR code. */
  link: z.string().nullable(),
  /** Where a volunteer types the code. */
  typeAt: z.string(),
  /** When this code gives way to the next (the screen asks again then). */
  changesAt: z.iso.datetime(),
  checkedIn: z.number().int(),
});
export type CheckInScreen = z.infer<typeof checkInScreenSchema>;

/** `POST /api/check-ins`: the code, and the event when it came from that event's link. */
export const checkInInputSchema = z.object({
  code: z
    .string({ error: checkInMessages.codeRequired })
    .max(40, { message: checkInMessages.wrongCode })
    .transform(normaliseCheckInCode)
    .refine((code) => code.length > 0, { message: checkInMessages.codeRequired })
    .refine((code) => code.length === CHECK_IN_CODE_LENGTH, { message: checkInMessages.wrongCode }),
  eventId: rowId().optional(),
});
export type CheckInInput = z.input<typeof checkInInputSchema>;

export const checkInResultSchema = z.object({
  event: z.object({ id: z.number().int(), name: z.string(), location: z.string(), date: z.iso.datetime() }),
  /** False when they had already checked in (or been added) at this event. */
  recorded: z.boolean(),
  message: z.string(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

const routes = apiRoutes.checkIn;

export const checkInEndpoints = {
  show: endpoint(routes.show, { params: eventIdParamsSchema, response: checkInScreenSchema }),
  checkIn: endpoint(routes.checkIn, { body: checkInInputSchema, response: checkInResultSchema }),
};
