import { describe, expect, it } from 'vitest';
import { geolocationMessage } from './geolocation.ts';

describe('a position that could not be read is explained in the same words on every screen', () => {
  it.each([
    [0, 'Geolocation is not supported by this browser.'],
    [1, 'Location access denied. Please enable location services.'],
    [2, 'Location information is unavailable.'],
    [3, 'Location request timed out.'],
    [undefined, 'An unknown error occurred.'],
  ])('code %s: %s', (code, message) => {
    expect(geolocationMessage({ code })).toBe(message);
  });
});
