// Decoding and resizing photos is the heaviest work the server does. Under a burst (a community
// clean-up day, many phones uploading at once) it is done a few at a time, in order of arrival, so the
// first uploads are answered quickly instead of every upload crawling along together. When the queue
// is full, or a photo would wait too long, the upload is answered 503 with Retry-After at once.
import os from 'node:os';
import { AppError } from '#server/errors.ts';
import type { PhotoWorkEvent } from '#server/plugins/metrics.ts';

export interface WorkQueueLimits {
  /** How many photos are worked on at once (default: the number of cores). */
  concurrency: number;
  /** How many may wait for their turn; one more is turned away. */
  maxWaiting: number;
  /** A photo that has waited this long is turned away rather than started. */
  maxWaitMs: number;
}

export const BUSY_MESSAGE = 'The server is busy with other photos. Please try again in a moment.';
const BUSY_RETRY_AFTER_SECONDS = 10;

const defaultPhotoWorkLimits = (): WorkQueueLimits => ({
  concurrency: Math.max(1, os.availableParallelism()),
  maxWaiting: 64,
  maxWaitMs: 30_000,
});

const busy = () =>
  new AppError(503, BUSY_MESSAGE, { code: 'Busy', headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } });

/** Told how each photo went through the queue. */
export type PhotoWorkListener = (event: PhotoWorkEvent) => void;

const listeners = new Set<PhotoWorkListener>();

/** Listens to every photo this process works on (the queue is one per process); returns the way to stop. */
export function onPhotoWork(listener: PhotoWorkListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tell = (event: PhotoWorkEvent) => {
  for (const listener of listeners) listener(event);
};

export function workQueue(limits: WorkQueueLimits) {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  const next = () => {
    while (running < limits.concurrency && waiting.length > 0) {
      const item = waiting.shift()!;
      clearTimeout(item.timer);
      running++; // the slot is the waiting photo's from now on
      item.start();
    }
  };

  return {
    get running() {
      return running;
    },
    /** Runs `work` when its turn comes (first come, first served). */
    async run<T>(work: () => Promise<T>): Promise<T> {
      const queuedAt = performance.now();
      if (running < limits.concurrency) {
        running++;
      } else {
        if (waiting.length >= limits.maxWaiting) {
          tell({ turnedAway: true });
          throw busy();
        }
        await new Promise<void>((resolve, reject) => {
          const item = {
            start: resolve,
            timer: setTimeout(() => {
              waiting.splice(waiting.indexOf(item), 1);
              tell({ turnedAway: true });
              reject(busy());
            }, limits.maxWaitMs),
          };
          waiting.push(item);
        });
      }
      const startedAt = performance.now();
      try {
        return await work();
      } finally {
        running--;
        tell({ waitedMs: startedAt - queuedAt, workedMs: performance.now() - startedAt });
        next();
      }
    },
  };
}

let photoWork = workQueue(defaultPhotoWorkLimits());

/** The one queue every photo goes through. */
export const runPhotoWork = <T>(work: () => Promise<T>): Promise<T> => photoWork.run(work);

/** Sets the queue's limits (at start, from the app's options). */
export function configurePhotoWork(limits: Partial<WorkQueueLimits> = {}): void {
  photoWork = workQueue({ ...defaultPhotoWorkLimits(), ...limits });
}
