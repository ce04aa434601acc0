// Volunteer sign-in: an e-mail carries a
// one-time link and a 6-digit code; either starts a session. The server validates with these schemas
// and the client takes its types from them.
import { z } from 'zod';
import { apiRoutes } from './api-routes.ts';
import { endpoint } from './endpoint.ts';
import { plainText } from './text.ts';
import { signInMessages } from '../domain/volunteer-messages.ts';
import { SIGN_IN_CODE_DIGITS } from '../domain/limits.ts';

const email = z
  .string({ error: signInMessages.emailRequired })
  .trim()
  .min(1, { message: signInMessages.emailRequired })
  .max(254, { message: signInMessages.emailInvalid })
  .pipe(z.email({ message: signInMessages.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** A path inside this site to go to after signing in: '/volunteers', never '//evil.example'. */
export const nextPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, { message: 'next must be a path on this site' });

export const signInRequestSchema = z.object({
  email,
  name: plainText('Your name')
    .max(100, { message: 'Name must be at most 100 characters' })
    .nullish()
    .transform((value) => value || null),
  /** Where the e-mailed link leads after 'Continue'. */
  next: nextPathSchema.optional(),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

/** The same answer whether or not the address was known. */
export const signInResponseSchema = z.object({
  email: z.string(),
  message: z.string(),
  /** How long the link and code work. */
  expiresInMinutes: z.number().int(),
  /** False when no new e-mail was sent because the address had several just now (the last code still works). */
  sent: z.boolean(),
});

export const verifyRequestSchema = z.object({
  email,
  code: z
    .string({ error: signInMessages.codeFormat })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`), { message: signInMessages.codeFormat })),
});

export const continueRequestSchema = z.object({
  token: z
    .string({ error: signInMessages.linkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: signInMessages.linkInvalid }),
});

/** The current volunteer (without the computed totals). */
export const volunteerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  joinedAt: z.iso.datetime().nullable(),
  lastActiveAt: z.iso.datetime().nullable(),
});
export type Volunteer = z.infer<typeof volunteerSchema>;

export const signedInResponseSchema = z.object({ volunteer: volunteerSchema });

const routes = apiRoutes.volunteerAuth;

export const volunteerAuthEndpoints = {
  signIn: endpoint(routes.signIn, { body: signInRequestSchema, response: signInResponseSchema }),
  verify: endpoint(routes.verify, { body: verifyRequestSchema, response: signedInResponseSchema }),
  continue: endpoint(routes.continue, { body: continueRequestSchema, response: signedInResponseSchema }),
  /** 401 when nobody is signed in: the client reads that as "signed out". */
  me: endpoint(routes.me, { response: volunteerSchema }),
  logout: endpoint(routes.logout, { response: null, status: 204 }),
};
