import { z } from 'zod';
import { suggestionDetailsSchema } from './location.ts';

/** The one body shape of every refusal. `title` is the short heading a toast shows. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  title: z.string().optional(),
  code: z.string().optional(),
  /** For a refused three-word location: up to three real locations the person may have meant. */
  suggestions: z.array(z.string()).optional(),
  /** The same suggestions, in the same order (nearest first), with each one's area and distance. */
  suggestionDetails: suggestionDetailsSchema.optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
