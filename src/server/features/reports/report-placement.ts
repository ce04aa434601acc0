// Where a report goes on the map, once its typed words have been found. The reporter's typed location is
// the truth: the device's position is used only when the words were filled from it (the form sends it
// only then), and the camera's position only when it lies within 100 m of the words' square. A position
// outside the city's region never becomes a report's position.
import type { ConversionResult } from '#shared/contracts/location.ts';
import { haversineMetres } from '#shared/domain/geo.ts';
import { insideRegion, type GridRegion } from '#server/features/location/index.ts';

/** How far the camera's position may be from the typed location's square and still place the report. */
export const PHOTO_AGREES_METRES = 100;
/** Half the diagonal of a three-word square (about 3 m a side): distances are taken from its centre. */
const HALF_SQUARE_DIAGONAL_METRES = 2.2;

export interface Position {
  latitude: number;
  longitude: number;
}

export interface SentPosition extends Position {
  /** The device's reading (the words were filled from it), or the photo's GPS as read in the browser. */
  source: 'device' | 'photo';
}

export interface Placement extends Position {
  source: 'device' | 'photo' | 'words';
}

export function choosePlacement(
  place: ConversionResult,
  region: GridRegion,
  sent: SentPosition | null,
  photoGps: Position | null,
): Placement {
  const inside = (p: Position) => insideRegion(region, p.latitude, p.longitude);
  const nearWords = (p: Position) =>
    haversineMetres(p, { latitude: place.lat, longitude: place.lng }) <=
    PHOTO_AGREES_METRES + HALF_SQUARE_DIAGONAL_METRES;

  if (sent?.source === 'device' && inside(sent)) return sent;
  const camera = sent?.source === 'photo' ? sent : photoGps;
  if (camera && inside(camera) && nearWords(camera)) {
    return { latitude: camera.latitude, longitude: camera.longitude, source: 'photo' };
  }
  return { latitude: place.lat, longitude: place.lng, source: 'words' };
}
