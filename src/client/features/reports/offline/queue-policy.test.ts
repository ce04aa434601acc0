import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '#client/lib/api-client.ts';
import { queueMessages, waitingText } from './queue-messages.ts';
import { afterFailure, retryDelayMs, serverWaitMs, waitReasonOf } from './queue-policy.ts';

const refusal = (status: number) =>
  new ApiError(status, JSON.stringify({ statusCode: status, error: 'x', message: 'no' }), 'x');

describe('a report that could not be sent is kept, unless the server refused it for good', () => {
  it('no signal keeps the report, and says so', () => {
    const error = new NetworkError(new TypeError('Failed to fetch'));
    expect(afterFailure(error)).toBe('keep');
    expect(waitReasonOf(error)).toBe('network');
  });

  it.each([500, 502, 503, 504, 408, 429])('a %i keeps the report to try again later', (status) => {
    expect(afterFailure(refusal(status))).toBe('keep');
    expect(waitReasonOf(refusal(status))).toBe('server');
  });

  it.each([400, 401, 403, 413, 415, 422])('a %i drops it: sending it again would be refused again', (status) => {
    expect(afterFailure(refusal(status))).toBe('drop');
  });

  it('a report just made and refused for sending too many in an hour is not kept: the person reads when it can go', () => {
    expect(afterFailure(refusal(429), { fresh: true })).toBe('drop');
    expect(afterFailure(refusal(503), { fresh: true })).toBe('keep');
    expect(afterFailure(new NetworkError(new TypeError('Failed to fetch')), { fresh: true })).toBe('keep');
  });

  it("a kept report refused for now waits at least as long as the server's Retry-After asks", () => {
    const limited = new ApiError(429, '{}', 'Too Many Requests', '1800');
    expect(serverWaitMs(limited)).toBe(1_800_000);
    expect(serverWaitMs(refusal(429))).toBe(0);
    expect(serverWaitMs(new ApiError(503, '{}', 'x', 'soon'))).toBe(0);
    expect(serverWaitMs(new NetworkError(new TypeError('Failed to fetch')))).toBe(0);
  });

  it('an answer that is not our server (a Wi-Fi login page instead of JSON) keeps the report', () => {
    expect(afterFailure(new SyntaxError('Unexpected token < in JSON'))).toBe('keep');
  });
});

describe('kept reports are retried with back-off', () => {
  const middle = () => 0.5;

  it('waits 4 s, then twice as long each time, at most 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map((failures) => retryDelayMs(failures, middle))).toEqual([
      4_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000,
    ]);
  });

  it('spreads each wait by a quarter either way, so phones back on one mast do not all send at once', () => {
    expect(retryDelayMs(3, () => 0)).toBe(12_000);
    expect(retryDelayMs(3, () => 1)).toBe(20_000);
  });
});

describe('what the person reads about reports kept on the phone', () => {
  it('counts the waiting reports in words', () => {
    expect(waitingText(1)).toBe('1 report waiting to be sent');
    expect(waitingText(3)).toBe('3 reports waiting to be sent');
  });

  it('says the report is saved and will be sent', () => {
    expect(queueMessages.savedTitle).toBe('Saved on your phone');
    expect(queueMessages.saved.offline).toBe(
      'No signal right now. Your report is saved and will be sent automatically when you are back online.',
    );
    expect(queueMessages.saved.server).toMatch(/saved on your phone and will be sent automatically/);
  });
});
