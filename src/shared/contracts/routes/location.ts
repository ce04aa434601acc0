import { route } from '../http.ts';

export const locationRoutes = {
  coordinatesToWords: route('GET', '/api/location/coordinates-to-words'),
  wordsToCoordinates: route('GET', '/api/location/words-to-coordinates'),
  provider: route('GET', '/api/location/provider'),
} as const;
