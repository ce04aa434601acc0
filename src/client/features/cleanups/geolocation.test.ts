import { describe, expect, it } from 'vitest';
import { geolocationMessage } from './geolocation.ts';

describe('the find workflow says why the position could not be read (SPEC.md section 8)', () => {
  it.each([
    [1, 'Location access denied. Please enable location services.'],
    [2, 'Location information is unavailable.'],
    [3, 'Location request timed out.'],
    [undefined, 'An unknown error occurred.'],
  ])('code %s: %s', (code, message) => {
    expect(geolocationMessage({ code })).toBe(message);
  });
});
