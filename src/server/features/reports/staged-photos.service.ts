// Photos sent ahead of their reports. The phone prepares the photo and sends it while the reporter is
// still typing; the report then names it by the reference it was given, so Submit sends only words.
// A reference is 32 random bytes that only the browser holding the staging cookie may use, once,
// within its lifetime; the photo's own key is never told to anyone, so nobody can ask for the photo before
// a report takes it. A photo nobody takes is deleted, with its files, by the `staged-photos` job,
// within the hour of being sent.
import { createHash, randomBytes } from 'node:crypto';
import { stagedPhotoMessages } from '#shared/domain/staged-photo-messages.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, ValidationError } from '#server/errors.ts';
import type { PeriodicJob } from '#server/jobs/scheduler.ts';
import { processPhoto, removePhoto, withStoredPhoto, type PhotoStorage } from '#server/features/photos/index.ts';
import type { StagedPhotosRepository } from './staged-photos.repository.ts';
import { pointOf } from '#server/db/tables.ts';

/** How often the photos nobody took are deleted. */
export const STAGED_PHOTO_SWEEP_EVERY_MS = 10 * 60_000;
/**
 * How long a photo sent ahead waits for its report: with the sweep's interval after it, a photo nobody
 * took is gone within the hour of being sent.
 */
export const STAGED_PHOTO_LIFETIME_MS = 60 * 60_000 - STAGED_PHOTO_SWEEP_EVERY_MS;
/** Photos waiting in all, past which a new one is turned away (503) until some are used or expire. */
export const MOST_STAGED_PHOTOS_WAITING = 1_000;
const BUSY_RETRY_AFTER_SECONDS = 60;

const newSecret = () => randomBytes(32).toString('base64url');
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function stagedPhotosService({
  repository,
  storage,
  clock,
  mostWaiting = MOST_STAGED_PHOTOS_WAITING,
}: {
  repository: StagedPhotosRepository;
  storage: PhotoStorage;
  clock: Clock;
  mostWaiting?: number;
}) {
  return {
    /**
     * Prepares and stores the photo, and answers its reference. `holder` is the browser's staging
     * secret (its cookie), made here when it has none yet.
     */
    async stage(bytes: Buffer, holder: string | undefined) {
      const now = clock.now();
      if ((await repository.countWaiting(now.toISOString())) >= mostWaiting) {
        throw new AppError(503, stagedPhotoMessages.busy, {
          headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
        });
      }
      const photo = await processPhoto(bytes);
      const reference = newSecret();
      const holderSecret = holder ?? newSecret();
      const expiresAt = new Date(now.getTime() + STAGED_PHOTO_LIFETIME_MS).toISOString();
      await withStoredPhoto(storage, photo, (photoKey) =>
        repository.insert({
          reference_hash: hashOf(reference),
          holder_hash: hashOf(holderSecret),
          photo_key: photoKey,
          gps_latitude: photo.gps?.latitude ?? null,
          gps_longitude: photo.gps?.longitude ?? null,
          created_at: now.toISOString(),
          expires_at: expiresAt,
        }),
      );
      return { reference, expiresAt, holder: holderSecret };
    },

    /** The photo for a report, taken in the report's transaction; refused (400) when it is not waiting for `holder`. */
    async take(reference: string, holder: string | undefined, trx: Db) {
      const row = holder
        ? await repository.take(hashOf(reference), hashOf(holder), clock.now().toISOString(), trx)
        : undefined;
      if (!row) throw new ValidationError(stagedPhotoMessages.gone, { code: 'StagedPhotoGone' });
      return { photoKey: row.photo_key, gps: pointOf(row.gps_latitude, row.gps_longitude) };
    },

    /** Deletes the photos nobody took within their hour, rows first and then their files. */
    sweepJob: {
      name: 'staged-photos',
      everyMs: STAGED_PHOTO_SWEEP_EVERY_MS,
      async run() {
        const keys = await repository.deleteExpired(clock.now().toISOString());
        await Promise.all(keys.map((key) => removePhoto(storage, key)));
        return keys.length;
      },
    } satisfies PeriodicJob,
  };
}

export type StagedPhotosService = ReturnType<typeof stagedPhotosService>;
