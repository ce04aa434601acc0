// Blurring parts of a stored photo to protect privacy (faces, number plates). The areas are pixelated
// down to a few blocks and then blurred, so what was there cannot be recovered; the result goes through
// the photo pipeline again (web size and thumbnail) under a new random name, the row that held the
// photo moves to it, and only then are the old files deleted. The original is kept nowhere, and its
// old address answers 404 while every list points at the new one; caches were only let keep it on
// condition of asking again (PHOTO_CACHE_CONTROL), so they hear it is gone.
import sharp, { type OverlayOptions } from 'sharp';
import { redactionMessages, type RedactionArea, type RedactPhotoResponse } from '#shared/contracts/photo-redaction.ts';
import type { Clock } from '#server/clock.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import { photoNames, photoUrls, processPhoto, removePhoto, withStoredPhoto } from './photo-pipeline.ts';
import { asStorageRefusal, type PhotoStorage } from './photo-storage.ts';
import type { PhotoRedactionRepository } from './photo-redaction.repository.ts';

/** An area's short side ends up this many blocks across before it is smoothed. */
const BLOCKS_ACROSS = 4;

/** The photo with each area pixelated and blurred beyond recognition (a lossless intermediate). */
async function blurAreas(bytes: Buffer, areas: RedactionArea[]): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const composites: OverlayOptions[] = [];
  for (const area of areas) {
    const left = Math.min(width - 1, Math.max(0, Math.floor(area.x * width)));
    const top = Math.min(height - 1, Math.max(0, Math.floor(area.y * height)));
    const w = Math.max(1, Math.min(width - left, Math.ceil((area.x + area.width) * width) - left));
    const h = Math.max(1, Math.min(height - top, Math.ceil((area.y + area.height) * height) - top));
    const shortSide = Math.min(w, h);
    const scale = Math.min(1, BLOCKS_ACROSS / shortSide);
    const tiny = await sharp(bytes)
      .extract({ left, top, width: w, height: h })
      .resize(Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale)), { kernel: 'cubic' })
      .png()
      .toBuffer();
    const sigma = Math.max(0.3, Math.min(100, shortSide / 6));
    const patch = await sharp(tiny).resize(w, h, { kernel: 'cubic', fit: 'fill' }).blur(sigma).png().toBuffer();
    composites.push({ input: patch, left, top });
  }
  return sharp(bytes).composite(composites).png().toBuffer();
}

export function photoRedactionService({
  repository,
  storage,
  clock,
}: {
  repository: PhotoRedactionRepository;
  storage: PhotoStorage;
  clock: Clock;
}) {
  return {
    async redact(photoUrl: string, areas: RedactionArea[]): Promise<RedactPhotoResponse> {
      const key = /^\/photos\/([A-Za-z0-9_-]+)\.jpg$/.exec(photoUrl)?.[1];
      const holder = key ? await repository.findHolder(key) : null;
      const original =
        key && holder
          ? await storage.read(photoNames(key).web).catch((error: unknown) => {
              throw asStorageRefusal(error);
            })
          : null;
      if (!key || !holder || !original) throw new NotFoundError(redactionMessages.photoNotFound);

      const newKey = await withStoredPhoto(
        storage,
        await processPhoto(await blurAreas(original, areas)),
        async (newKey) => {
          if (!(await repository.replaceKey(holder, key, newKey, clock.now().toISOString())))
            throw new ConflictError(redactionMessages.photoChanged);
          return newKey;
        },
      );
      await removePhoto(storage, key);
      return { reportId: holder.reportId, ...photoUrls(newKey) };
    },
  };
}

export type PhotoRedactionService = ReturnType<typeof photoRedactionService>;
