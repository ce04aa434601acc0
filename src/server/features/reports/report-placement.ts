// Where a report goes on the map, once its typed words have been found: the words are the truth, and
// the device's or the photo's position is used only where it agrees with them.
import type { ConversionResult } from '#shared/contracts/location.ts';

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

/** The report's position: the position sent with it, else the photo's own GPS, else the words' square. */
export function choosePlacement(
  place: ConversionResult,
  sent: SentPosition | null,
  photoGps: Position | null,
): Placement {
  if (sent) return sent;
  if (photoGps) return { ...photoGps, source: 'photo' };
  return { latitude: place.lat, longitude: place.lng, source: 'words' };
}
