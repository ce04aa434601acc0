// Row ids as the API takes them. Both databases keep ids as 32-bit integers, so a larger number is
// refused as a bad request rather than reaching a query that cannot hold it. Every id the API reads,
// in a path, a query string, a JSON body or a form, is one of these.
import { z } from 'zod';

export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent in a JSON body; `message` replaces the default refusal (a form's own wording). */
export const rowId = (message?: string) =>
  z
    .number(message ? { error: message } : undefined)
    .int(message ? { message } : undefined)
    .positive(message ? { message } : undefined)
    .max(MAX_ROW_ID, message ? { message } : undefined);

/** A row id in a path, a query string or a form field (text that must read as one), or a number. */
export const rowIdParam = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message ? { message } : undefined)
    .positive(message ? { message } : undefined)
    .max(MAX_ROW_ID, message ? { message } : undefined);
