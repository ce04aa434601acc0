import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { GeolocationFailure } from '#client/lib/geolocation.ts';
import { describeLocationError } from './location-errors.ts';

const apiError = (status: number, body: object) => new ApiError(status, JSON.stringify(body), 'x');

describe('the report form explains a failed location detection in the spec words', () => {
  it.each([
    [{ code: 1 }, 'Location Permission Denied', 'Location access denied. Please enable location services.'],
    [{ code: 2 }, 'Location Unavailable', 'Location information is unavailable.'],
    [{ code: 3 }, 'Location Timeout', 'Location request timed out.'],
    [{ code: 9 }, 'Location Detection Failed', 'An unknown error occurred.'],
    [new GeolocationFailure(0), 'Location Detection Failed', 'Geolocation is not supported by this browser.'],
    [
      new GeolocationFailure(1),
      'Location Permission Denied',
      'Location access denied. Please enable location services.',
    ],
    [new TypeError('boom'), 'Location Detection Failed', 'An unknown error occurred.'],
  ])('%o gives "%s"', (error, title, description) => {
    expect(describeLocationError(error)).toEqual({ title, description });
  });

  it('a rejected location-service key asks for the words by hand, in their format', () => {
    const { title, description } = describeLocationError(
      apiError(502, { statusCode: 502, error: 'Bad Gateway', message: 'x', code: 'InvalidKey' }),
    );
    expect(title).toBe('Location Service Authentication Issue');
    expect(description).toMatch(/manually/);
    expect(description).toMatch(/three words separated by dots/);
  });

  it('a used-up quota (402 or QuotaExceeded) says the service is temporarily unavailable and suggests manual entry', () => {
    for (const error of [
      apiError(402, {}),
      apiError(503, { statusCode: 503, error: 'x', message: 'y', code: 'QuotaExceeded' }),
    ]) {
      const { title, description } = describeLocationError(error);
      expect(title).toBe('Service temporarily unavailable');
      expect(description).toMatch(/manually/);
    }
  });

  it('any other service refusal is a "Location Service Error" with the server message', () => {
    expect(
      describeLocationError(
        apiError(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Those coordinates are outside Edinburgh.',
          code: 'OutsideArea',
        }),
      ),
    ).toEqual({ title: 'Location Service Error', description: 'Those coordinates are outside Edinburgh.' });
  });
});
