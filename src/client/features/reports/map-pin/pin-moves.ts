// How the pin of 'Choose on the map' moves from the keyboard: the arrow keys step it across the screen
// (a few metres at street zoom, further with Shift), and the map pans to keep it clear of the edges,
// so a pin is placed without a drag.

/** Screen pixels per arrow press, and with Shift held. */
export const PIN_STEP_PX = 10;
export const PIN_LONG_STEP_PX = 50;
/** How close to the map's edge the pin may come before the map pans to follow it. */
export const PIN_EDGE_PX = 48;

const DIRECTIONS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The pixels an arrow key moves the pin by, or null for any other key. */
export function pinStep(key: string, shift: boolean): [number, number] | null {
  const direction = DIRECTIONS[key];
  if (!direction) return null;
  const size = shift ? PIN_LONG_STEP_PX : PIN_STEP_PX;
  return [direction[0] * size, direction[1] * size];
}

/**
 * How far to pan a `width` by `height` map so a pin at screen point `[x, y]` stands at least `margin`
 * pixels inside every edge (0, 0 when it already does). A map too small for the margin centres the pin.
 */
export function panToKeep(
  [x, y]: [number, number],
  width: number,
  height: number,
  margin = PIN_EDGE_PX,
): [number, number] {
  const axis = (at: number, size: number) => {
    const inset = Math.min(margin, size / 2);
    if (at < inset) return at - inset;
    if (at > size - inset) return at - (size - inset);
    return 0;
  };
  return [axis(x, width), axis(y, height)];
}

/** Coordinates rounded to six decimals (about 10 cm), as the location calls take them. */
export function roundedPlace(lat: number, lng: number): { lat: number; lng: number } {
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}
