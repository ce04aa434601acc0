// The browser's position, read once: high accuracy, with the caller's timeout and oldest acceptable
// cached reading. A failure carries the geolocation code (0 when the browser has no geolocation) and the
// spec's message for it, so every screen words the same failure the same way.
import { geolocationMessages } from '#shared/domain/location-messages.ts';

export const GEOLOCATION_UNSUPPORTED = 0;

export function geolocationMessage(error: { code?: number } | null | undefined): string {
  switch (error?.code) {
    case GEOLOCATION_UNSUPPORTED:
      return geolocationMessages.unsupported;
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

export class GeolocationFailure extends Error {
  override name = 'GeolocationFailure';
  constructor(readonly code: number) {
    super(geolocationMessage({ code }));
  }
}

export type Position = Pick<GeolocationCoordinates, 'latitude' | 'longitude' | 'accuracy'>;

export function readPosition({
  timeoutMs,
  maximumAgeMs,
}: {
  timeoutMs: number;
  maximumAgeMs: number;
}): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new GeolocationFailure(GEOLOCATION_UNSUPPORTED));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) => reject(new GeolocationFailure(error.code)),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: maximumAgeMs },
    );
  });
}
