// The location feature as other features see it: one service over the offline grid code and
// what3words, and the grid code itself.
export { createGridCode, type GridRegion } from './grid-code.ts';
export { createLocationService, insideRegion, isProviderFailure, type LocationService } from './location.service.ts';
