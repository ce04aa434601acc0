// Copies every photo from one storage to another (a photo folder into a bucket, for
// `npm run photos:migrate`). Safe to run again and again: a photo the target already holds with the
// same size is left alone (names are random and never reused, so the same name and size is the same
// photo), and a copy cut short is finished by the next run.
import { isPhotoName, type PhotoStorage } from './photo-storage.ts';

export interface PhotoCopyResult {
  /** Photos written to the target by this run. */
  copied: number;
  /** Photos the target already held with the same size. */
  alreadyThere: number;
  /** Files in the source that are not photos (a `.tmp` left by an interrupted write, anything else). */
  notPhotos: string[];
}

/** How many photos are read and written at once. */
const AT_ONCE = 4;

export async function copyPhotos(
  from: PhotoStorage,
  to: PhotoStorage,
  onCopied: (name: string) => void = () => undefined,
): Promise<PhotoCopyResult> {
  const there = new Map<string, number>();
  for await (const file of to.list()) there.set(file.name, file.size);

  const result: PhotoCopyResult = { copied: 0, alreadyThere: 0, notPhotos: [] };
  const waiting: string[] = [];
  for await (const file of from.list()) {
    if (!isPhotoName(file.name)) result.notPhotos.push(file.name);
    else if (there.get(file.name) === file.size) result.alreadyThere++;
    else waiting.push(file.name);
  }

  async function worker(): Promise<void> {
    for (let name = waiting.shift(); name !== undefined; name = waiting.shift()) {
      const bytes = await from.read(name);
      if (!bytes) continue; // removed since it was listed
      await to.put(name, bytes);
      result.copied++;
      onCopied(name);
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return result;
}
