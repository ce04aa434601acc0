// Text the databases cannot store is refused at the door: PostgreSQL rejects a NUL character in any
// text value, so a request carrying one anywhere (body, query string, path) is a bad request, on both
// databases alike, rather than a failure deep inside a query.
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors.ts';

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';

/** True when the value, or any string inside it, contains a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new ValidationError(NUL_MESSAGE);
    }
  });
}
