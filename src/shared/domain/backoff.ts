// Exponential back-off with jitter, for every retry the app makes (the phone's report queue, the
// server's outbox): the delay doubles from `firstMs` up to `maxMs`, and each is spread by +-`jitter` so
// many clients that failed together do not all come back at the same moment.

export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** The spread as a fraction of the delay: 0.25 gives 75% to 125%. */
  jitter: number;
}

/** The delay before retry n after `failures` failed tries in a row (0 or 1: the first retry). */
export function backoffDelayMs(failures: number, { firstMs, maxMs, jitter }: Backoff, random = Math.random): number {
  const exact = Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exact * (1 - jitter + 2 * jitter * random()));
}
