// Where processed photos live, behind one interface: a local folder (DATA_DIR/photos, the default) or
// an S3-compatible bucket (s3-photo-storage.ts). Callers see names such as `<key>.jpg` and
// `<key>-thumb.jpg`; keys are random and never reused, so a stored photo never changes.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file as a listing shows it. */
export interface StoredPhotoFile {
  name: string;
  size: number;
  modifiedAt: Date;
}

/** A stored photo opened for sending: its bytes as a stream, and what HTTP caching needs. */
export interface PhotoStream {
  body: Readable;
  size: number;
  /** A quoted entity tag, the same for as long as the photo is stored. */
  etag: string;
  modifiedAt: Date;
}

export interface PhotoStorage {
  /** Where the photos are, for messages: the folder, or `s3://<bucket>`. */
  readonly location: string;
  put(name: string, data: Buffer): Promise<void>;
  /** The stored bytes; null when there is no such photo. */
  read(name: string): Promise<Buffer | null>;
  /** The stored bytes as a stream (for serving); null when there is no such photo. */
  open(name: string): Promise<PhotoStream | null>;
  exists(name: string): Promise<boolean>;
  /** Removes the photo; removing one that is not there is not an error. */
  remove(name: string): Promise<void>;
  /**
   * Every file or object stored, photos or not (the orphan sweep and the copy into a bucket pick out
   * the photos by name). In the local folder that includes `.tmp` files left by an interrupted write.
   */
  list(): AsyncIterable<StoredPhotoFile>;
}

const PHOTO_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)$/;
/** A local write in progress (or interrupted): `<name>.<pid>.tmp`. */
const TEMPORARY_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)\.[A-Za-z0-9_.-]+\.tmp$/;

export const isPhotoName = (name: string): boolean => PHOTO_NAME.test(name);

export const photoContentTypes = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** The Content-Type of a photo name (which isPhotoName has accepted). */
export function photoContentType(name: string): string {
  return photoContentTypes[name.slice(name.lastIndexOf('.') + 1) as keyof typeof photoContentTypes];
}

/** Refuses a name that is not a photo name (a path, a dot file, another type). */
export function checkPhotoName(name: string, { orTemporary = false } = {}): string {
  if (!PHOTO_NAME.test(name) && !(orTemporary && TEMPORARY_NAME.test(name))) {
    throw new Error(`Bad photo name: ${JSON.stringify(name)}`);
  }
  return name;
}

export function localPhotoStorage(directory: string): PhotoStorage {
  const resolve = (name: string, options?: { orTemporary: boolean }) =>
    path.join(directory, checkPhotoName(name, options));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    location: directory,
    async put(name, data) {
      const target = resolve(name);
      const temporary = `${target}.${process.pid}.tmp`;
      // Write then rename, so a reader never sees half a photo.
      await fsp.writeFile(temporary, data, { flush: true });
      await fsp.rename(temporary, target);
    },
    async read(name) {
      try {
        return await fsp.readFile(resolve(name));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async open(name) {
      const file = resolve(name);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        return {
          body: handle.createReadStream(),
          size: stat.size,
          etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
          modifiedAt: stat.mtime,
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async exists(name) {
      try {
        await fsp.access(resolve(name));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async remove(name) {
      await fsp.rm(resolve(name, { orTemporary: true }), { force: true });
    },
    async *list() {
      let names: string[];
      try {
        names = await fsp.readdir(directory);
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const name of names) {
        const stat = await fsp.stat(path.join(directory, name)).catch(() => null);
        if (stat?.isFile()) yield { name, size: stat.size, modifiedAt: stat.mtime };
      }
    },
  };
}
