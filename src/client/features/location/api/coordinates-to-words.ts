import type { ConversionResult } from '#shared/contracts/location.ts';
import { api } from '#client/lib/api.ts';

export function coordinatesToWords(lat: number, lng: number): Promise<ConversionResult> {
  return api.location.coordinatesToWords({ query: { lat: lat.toFixed(6), lng: lng.toFixed(6) } });
}
