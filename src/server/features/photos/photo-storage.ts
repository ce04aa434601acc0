// Where processed photos live. The local implementation writes under DATA_DIR/photos; an object-store
// implementation can replace it without touching callers. Keys are random and never reused.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface PhotoStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The stored bytes; null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** The folder served at /photos, for local storage. */
  readonly directory: string;
}

export function localPhotoStorage(directory: string): PhotoStorage {
  const resolve = (name: string) => {
    if (!/^[A-Za-z0-9_-]+\.(jpg|png|webp)$/.test(name)) throw new Error(`Bad photo name: ${name}`);
    return path.join(directory, name);
  };
  return {
    directory,
    async put(name, data) {
      const target = resolve(name);
      const temporary = `${target}.${process.pid}.tmp`;
      // Write then rename, so a reader never sees half a photo.
      await fs.writeFile(temporary, data, { flush: true });
      await fs.rename(temporary, target);
    },
    async read(name) {
      try {
        return await fs.readFile(resolve(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      await fs.rm(resolve(name), { force: true });
    },
    async exists(name) {
      try {
        await fs.access(resolve(name));
        return true;
      } catch {
        return false;
      }
    },
  };
}
