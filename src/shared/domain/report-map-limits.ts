// The map's fixed numbers, apart from its contract so that the map's pages do not carry the schema
// library to read them.

/** How far back the map shows cleaned sites. */
export const MAP_CLEANED_WITHIN_DAYS = 90;
/** The closest a map view may zoom; past it every site stands alone. */
export const MAP_MAX_ZOOM = 20;
