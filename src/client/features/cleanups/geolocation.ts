// The find workflow's position reading (SPEC.md section 9): high accuracy, 10 s timeout, a cached
// position up to 60 s old. Failures carry the spec's geolocation messages (section 8).
import { FIND_GEOLOCATION_MAX_AGE_MS, FIND_GEOLOCATION_TIMEOUT_MS } from '#shared/domain/limits.ts';
import { geolocationMessages } from '#shared/domain/location-messages.ts';

export class GeolocationFailure extends Error {
  override name = 'GeolocationFailure';
}

export function geolocationMessage(error: { code?: number } | null | undefined): string {
  switch (error?.code) {
    case 1:
      return geolocationMessages.denied;
    case 2:
      return geolocationMessages.unavailable;
    case 3:
      return geolocationMessages.timeout;
    default:
      return geolocationMessages.unknown;
  }
}

export function currentPosition(): Promise<{ latitude: number; longitude: number; accuracy: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new GeolocationFailure(geolocationMessages.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) => reject(new GeolocationFailure(geolocationMessage(error))),
      { enableHighAccuracy: true, timeout: FIND_GEOLOCATION_TIMEOUT_MS, maximumAge: FIND_GEOLOCATION_MAX_AGE_MS },
    );
  });
}
