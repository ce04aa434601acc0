// The location feature as other features see it: one service over the offline grid code and
// what3words, the grid code itself, and the limit on routes that ask it to convert.
export { createGridCode, type GridRegion } from './grid-code.ts';
export {
  createLocationService,
  insideRegion,
  isProviderFailure,
  type LocationService,
  type SuggestionFocus,
} from './location.service.ts';
export { conversionRateLimit } from './location.routes.ts';
