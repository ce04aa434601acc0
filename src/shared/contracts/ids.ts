// Row ids as the API takes them. Both databases keep ids as 32-bit integers, so a larger number is
// refused as a bad request rather than reaching a query that cannot hold it.
import { z } from 'zod';

export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent in a JSON body. */
export const rowId = () => z.number().int().positive().max(MAX_ROW_ID);

/** A row id in a path or a query string (text that must read as one). */
export const rowIdParam = () => z.coerce.number().int().positive().max(MAX_ROW_ID);
