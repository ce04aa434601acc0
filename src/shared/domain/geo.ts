// Great-circle distance and the search box around a point. The box is a cheap, indexable filter;
// the exact distance is computed only for the few points inside it.

/** The Earth's mean radius (IUGG), in metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
/** Metres in one degree of a great circle on the mean Earth: one degree of latitude. */
export const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

export interface Point {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The haversine great-circle distance between two points, in metres. */
export function haversineMetres(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude/longitude box holding every point within `radius` metres of the centre. Near a pole,
 * or where the box would cross the 180th meridian, it spans every longitude instead (still correct,
 * just wider).
 */
export function boundingBox(
  centre: Point,
  radius: number,
): { minLat: number; maxLat: number; minLng?: number; maxLng?: number } {
  const dLat = radius / METRES_PER_DEGREE;
  const minLat = Math.max(-90, centre.latitude - dLat);
  const maxLat = Math.min(90, centre.latitude + dLat);
  // The widest a circle of this radius gets in longitude is at the latitude nearest a pole.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const cos = Math.cos(radians(widest));
  if (cos < 1e-6) return { minLat, maxLat };
  const dLng = radius / (METRES_PER_DEGREE * cos);
  const minLng = centre.longitude - dLng;
  const maxLng = centre.longitude + dLng;
  if (dLng >= 180 || minLng < -180 || maxLng > 180) return { minLat, maxLat };
  return { minLat, maxLat, minLng, maxLng };
}
