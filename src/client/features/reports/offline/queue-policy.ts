// The rules of the offline report queue, kept pure so they can be tested without a browser: which
// failures keep a report for a later try, and how long to wait between tries. What the person reads is
// in queue-messages.ts, which the form needs at once; these come with the queue's own code, later.
import { backoffDelayMs } from '#shared/domain/backoff.ts';
import { ApiError, NetworkError } from '#client/lib/api-client.ts';
import type { WaitReason } from './queue-messages.ts';

/**
 * After a failed send: 'keep' the report to try again, or 'drop' it because the server refused it
 * for good. Only a definite refusal (4xx) drops: a 408 or 429 asks us to come back later, and
 * anything that is not an answer from our server (no signal, a 5xx, a Wi-Fi login page answering
 * in its place) must never cost the person their report. A report just made (`fresh`) and refused for
 * sending too many in an hour is not kept either: there is signal, and the person, still at the form
 * with the photo and words in it, reads why and when it can go rather than 'saved for when there is
 * signal'.
 */
export function afterFailure(error: unknown, { fresh = false } = {}): 'keep' | 'drop' {
  if (error instanceof ApiError) {
    const { status } = error;
    if (status === 429) return fresh ? 'drop' : 'keep';
    return status >= 400 && status < 500 && status !== 408 ? 'drop' : 'keep';
  }
  return 'keep';
}

/** How long the server asked us to wait before trying again (Retry-After, in seconds); 0 when it did not. */
export function serverWaitMs(error: unknown): number {
  const seconds = error instanceof ApiError ? Number(error.retryAfter) : Number.NaN;
  return seconds > 0 ? seconds * 1000 : 0;
}

export function waitReasonOf(error: unknown): WaitReason {
  return error instanceof NetworkError ? 'network' : 'server';
}

const RETRY = { firstMs: 4_000, maxMs: 5 * 60_000, jitter: 0.25 };

/**
 * Delay before the next try after `failures` failed tries in a row (0 or 1: the first retry): 4 s,
 * 8 s, 16 s ... at most 5 minutes, each spread by +-25% so phones that lost the same mast do not all
 * come back at the same moment.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  return backoffDelayMs(failures, RETRY, random);
}
