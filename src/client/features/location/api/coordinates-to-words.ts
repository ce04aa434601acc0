import { locationPaths } from '#shared/contracts/paths.ts';
import type { ConversionResult } from '#shared/contracts/location.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export function coordinatesToWords(lat: number, lng: number): Promise<ConversionResult> {
  const query = new URLSearchParams({ lat: lat.toFixed(6), lng: lng.toFixed(6) });
  return apiRequest<ConversionResult>(`${locationPaths.coordinatesToWords}?${query}`);
}
