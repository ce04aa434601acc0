// Real three-word locations of the built-in grid, for tests that need a report to be accepted: the grid
// checks every typed location when the report is made, so made-up words are refused.
import { createGridCode } from '#server/features/location/grid-code.ts';

const grid = createGridCode();

/** Waverley station. */
export const WAVERLEY_WORDS = 'pilot.ginger.gaze';
/** The Castle Esplanade. */
export const CASTLE_WORDS = 'lawn.blind.eager';

/** The grid's words for a position in the city. */
export function gridWordsAt(lat: number, lng: number): string {
  return grid.encode(lat, lng).words;
}

/** `count` different real locations a few metres apart, east of Waverley. */
export function realLocations(count: number, from = { lat: 55.95196, lng: -3.18937 }): string[] {
  return Array.from({ length: count }, (_, i) => gridWordsAt(from.lat, from.lng + 0.0002 * (i + 1)));
}
