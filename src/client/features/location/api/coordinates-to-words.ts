import type { ConversionResult } from '#shared/contracts/location.ts';
import { locationApi } from '#client/lib/calls/location.ts';

export function coordinatesToWords(lat: number, lng: number): Promise<ConversionResult> {
  return locationApi.coordinatesToWords({ query: { lat: lat.toFixed(6), lng: lng.toFixed(6) } });
}
