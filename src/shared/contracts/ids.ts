// Row ids as the API takes them. Both databases keep ids as 32-bit integers, so a larger number is
// refused as a bad request rather than reaching a query that cannot hold it. Every id the API reads,
// in a path, a query string, a JSON body or a form, is one of these.
import { z } from 'zod';

export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent in a JSON body; `message` replaces the default refusal (a form's own wording). */
export const rowId = (message?: string) => withinRowIds(z.number(message ? { error: message } : undefined), message);

/** A row id in a path, a query string or a form field (text that must read as one), or a number. */
export const rowIdParam = (message?: string) =>
  withinRowIds(z.coerce.number(message ? { error: message } : undefined), message);

function withinRowIds<T extends z.ZodCoercedNumber>(number: T, message?: string): T {
  const params = message ? { message } : undefined;
  return number.int(params).positive(params).max(MAX_ROW_ID, params);
}
