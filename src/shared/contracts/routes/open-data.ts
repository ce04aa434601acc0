import { route } from '../http.ts';

/** Every report's public record under an open licence, for anyone to reuse. */
export const openDataRoutes = {
  reportsGeoJson: route('GET', '/api/open-data/reports.geojson'),
  reportsCsv: route('GET', '/api/open-data/reports.csv'),
} as const;
