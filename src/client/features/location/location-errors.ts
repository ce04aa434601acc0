// Turns a failed location detection into the title and text the report form must show for it.
import {
  geolocationMessages,
  locationDetectionTitles,
  locationErrorTitles,
  locationMessages,
  manualEntryExample,
} from '#shared/domain/location-messages.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { GEOLOCATION_UNSUPPORTED, GeolocationFailure } from '#client/lib/geolocation.ts';

/** The shape of the browser's GeolocationPositionError, which cannot be constructed in tests. */
interface PositionErrorLike {
  code: number;
  PERMISSION_DENIED?: number;
}

function isPositionError(error: unknown): error is PositionErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'number' &&
    (!(error instanceof Error) || error instanceof GeolocationFailure)
  );
}

export function describeLocationError(error: unknown): { title: string; description: string } {
  if (error instanceof GeolocationFailure && error.code === GEOLOCATION_UNSUPPORTED) {
    return { title: locationDetectionTitles.failed, description: geolocationMessages.unsupported };
  }
  if (isPositionError(error)) {
    switch (error.code) {
      case 1:
        return { title: locationDetectionTitles.permissionDenied, description: geolocationMessages.denied };
      case 2:
        return { title: locationDetectionTitles.unavailable, description: geolocationMessages.unavailable };
      case 3:
        return { title: locationDetectionTitles.timeout, description: geolocationMessages.timeout };
      default:
        return { title: locationDetectionTitles.failed, description: geolocationMessages.unknown };
    }
  }
  if (error instanceof ApiError) {
    const code = error.body?.code;
    if (error.status === 401 || code === 'InvalidKey') {
      return {
        title: locationErrorTitles.authentication,
        description: `${locationMessages.authentication} ${manualEntryExample}`,
      };
    }
    if (error.status === 402 || code === 'QuotaExceeded') {
      return { title: locationErrorTitles.quota, description: `${locationMessages.quota} ${manualEntryExample}` };
    }
    return { title: locationErrorTitles.service, description: error.body?.message ?? locationMessages.service };
  }
  return { title: locationDetectionTitles.failed, description: geolocationMessages.unknown };
}
