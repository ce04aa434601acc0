// The query of a link the service e-mails (to unsubscribe, or to confirm): its page and one-click POST
// work signed out, so the token is all they read.
import { z } from 'zod';

export const emailLinkQuerySchema = z.object({ token: z.string().max(200).default('') });
