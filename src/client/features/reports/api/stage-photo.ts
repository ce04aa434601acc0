// Sends the prepared photo ahead of its report while the reporter is still typing
// (POST /api/reports/staged-photos), so that Submit sends only the words and the reference the server
// gave. Progress is told as it goes; a try that fails for want of signal or a busy server is tried
// again by itself. When the photo cannot be sent ahead, the report carries the photo itself: sending
// ahead only ever saves time, it never decides whether the report goes.
import type { StagedPhotoAnswer } from '#shared/contracts/reports.ts';
import { reportsRoutes } from '#shared/contracts/routes/reports.ts';
import { backoffDelayMs } from '#shared/domain/backoff.ts';

export type StagingProgress = { kind: 'sending'; percent: number } | { kind: 'sent' } | { kind: 'not-sent' };

export interface StagedUpload {
  /** The reference once the photo is on the server; null when it could not be sent ahead. */
  readonly reference: Promise<string | null>;
  /**
   * At Submit: the reference, once the try in flight (if any) has ended; no try starts after it, so a
   * photo that keeps failing to go ahead goes with its report instead of holding it up.
   */
  finish(): Promise<string | null>;
  /** Stops sending (another photo was chosen, or the form was cleared). */
  cancel(): void;
  /** Tells `listener` the progress now and each time it changes; answers the way to stop. */
  watch(listener: (progress: StagingProgress) => void): () => void;
}

/** Tries in all, before the report is left to carry the photo itself. */
const MOST_TRIES = 5;
const RETRY = { firstMs: 1_000, maxMs: 8_000, jitter: 0.25 };

/** One try: the reference, 'retry' when no answer came or the server asked to come back, or 'give-up'. */
function sendOnce(
  photo: Blob,
  name: string,
  onProgress: (percent: number) => void,
  started: (xhr: XMLHttpRequest) => void,
): Promise<string | 'retry' | 'give-up'> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', reportsRoutes.stagePhoto.path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          resolve((JSON.parse(xhr.responseText) as StagedPhotoAnswer).reference);
        } catch {
          resolve('retry');
        }
      } else resolve(xhr.status === 408 || xhr.status === 429 || xhr.status >= 500 ? 'retry' : 'give-up');
    };
    xhr.onerror = xhr.ontimeout = () => resolve('retry');
    xhr.onabort = () => resolve('give-up');
    const form = new FormData();
    form.append('photo', photo, name);
    started(xhr);
    xhr.send(form);
  });
}

const sameProgress = (a: StagingProgress, b: StagingProgress) =>
  a.kind === b.kind && (a.kind !== 'sending' || a.percent === (b as typeof a).percent);

/** Sends `prepared` ahead once it is ready (the photo as the phone prepares it). */
export function stagePhoto(prepared: Promise<{ blob: Blob; name: string }>): StagedUpload {
  // Told to the watchers only when it changes: the browser reports an upload's progress many times a
  // second, and the page should spend that time on the reporter's typing.
  let progress: StagingProgress | null = null;
  const watchers = new Set<(progress: StagingProgress) => void>();
  const onProgress = (next: StagingProgress) => {
    if (progress && sameProgress(progress, next)) return;
    progress = next;
    for (const watcher of watchers) watcher(next);
  };
  let cancelled = false;
  let finishing = false;
  let current: XMLHttpRequest | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const reference = (async () => {
    const { blob: photo, name } = await prepared;
    for (let tries = 0; tries < MOST_TRIES && !cancelled; tries++) {
      if (tries > 0) {
        if (finishing) break;
        await pause(backoffDelayMs(tries, RETRY));
      }
      if (cancelled || finishing) break;
      onProgress({ kind: 'sending', percent: 0 });
      const outcome = await sendOnce(
        photo,
        name,
        (percent) => onProgress({ kind: 'sending', percent }),
        (xhr) => (current = xhr),
      );
      if (outcome === 'give-up') break;
      if (outcome !== 'retry') {
        onProgress({ kind: 'sent' });
        return outcome;
      }
    }
    if (!cancelled) onProgress({ kind: 'not-sent' });
    return null;
  })();

  return {
    reference,
    finish() {
      finishing = true;
      wake?.();
      return reference;
    },
    cancel() {
      cancelled = true;
      current?.abort();
      wake?.();
    },
    watch(listener) {
      watchers.add(listener);
      if (progress) listener(progress);
      return () => watchers.delete(listener);
    },
  };
}
