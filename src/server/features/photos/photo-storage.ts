// Where processed photos live, behind one interface: a local folder (DATA_DIR/photos, the default) or
// an S3-compatible bucket (s3-photo-storage.ts). Callers see names such as `<key>.jpg` and
// `<key>-thumb.jpg`; keys are random and never reused, so a stored photo never changes.
import { photoRefusals } from './photo-refusals.ts';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { AppError } from '#server/errors.ts';

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
   * A cheap look, writing nothing, that photos can be stored: the folder is writable with room left
   * (an error with code ENOSPC when it is full), or the bucket answers. Throws when they cannot.
   */
  check(): Promise<void>;
  /**
   * Every file or object stored, photos or not (the orphan sweep and the copy into a bucket pick out
   * the photos by name). In the local folder that includes `.tmp` files left by an interrupted write.
   */
  list(): AsyncIterable<StoredPhotoFile>;
}

/**
 * How browsers and caches may keep a photo: they may keep it, but ask before showing it again (a
 * conditional request, answered 304 with no body while it is unchanged). A photo's name never comes
 * back with other bytes, yet a photo can go: an administrator blurs faces in it (a new name, the old
 * one removed) or a report is erased, and then no cache may go on showing the old one.
 */
export const PHOTO_CACHE_CONTROL = 'public, no-cache';

/** Room a folder must have left to take one more upload and its photos. */
const MIN_FREE_BYTES = 2 * MAX_PHOTO_BYTES;

/** The storage has no room left: a full disk (ENOSPC), a user's quota (EDQUOT), a full S3-compatible server. */
export function isStorageFull(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  return (
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    name === 'XMinioStorageFull' ||
    name === 'QuotaExceeded' ||
    name === 'InsufficientStorage'
  );
}

/**
 * The storage itself failed, not this program: a system error (a full disk, a read-only mount, a
 * refused connection), an answer from the bucket's service, or a time-out.
 */
function isStorageFailure(error: unknown): boolean {
  const { code, name, $metadata } = (error ?? {}) as { code?: unknown; name?: unknown; $metadata?: unknown };
  return (
    isStorageFull(error) ||
    (typeof code === 'string' && /^E[A-Z]+$/.test(code)) ||
    $metadata !== undefined ||
    name === 'TimeoutError' ||
    name === 'AbortError'
  );
}

/**
 * What a request hears when the storage failed to take (or give back) a photo: 503 with Retry-After,
 * since nothing the person did caused it and the same photo will go through once the storage answers
 * or has room. The storage's own error stays with it as the cause, for the log. Any other error (a
 * fault of this program) goes on as it was.
 */
export function asStorageRefusal(error: unknown): unknown {
  if (!isStorageFailure(error)) return error;
  const refusal = isStorageFull(error)
    ? new AppError(503, photoRefusals.storageFull, { code: 'StorageFull', headers: { 'Retry-After': '300' } })
    : new AppError(503, photoRefusals.storageUnavailable, {
        code: 'StorageUnavailable',
        headers: { 'Retry-After': '10' },
      });
  return Object.assign(refusal, { cause: error });
}

const PHOTO_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)$/;
/** A local write in progress (or interrupted): `<name>.<pid>.tmp`. */
const TEMPORARY_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)\.[A-Za-z0-9_.-]+\.tmp$/;

export const isPhotoName = (name: string): boolean => PHOTO_NAME.test(name);

const photoContentTypes = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

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

/** What `work` answers, or `fallback` when the file or folder it needs is not there. */
async function unlessMissing<T, F>(work: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await work;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  }
}

export function localPhotoStorage(directory: string): PhotoStorage {
  const resolve = (name: string, options?: { orTemporary: boolean }) =>
    path.join(directory, checkPhotoName(name, options));
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
      return unlessMissing(fsp.readFile(resolve(name)), null);
    },
    async open(name) {
      const handle = await unlessMissing(fsp.open(resolve(name), 'r'), null);
      if (!handle) return null;
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
      return unlessMissing(
        fsp.access(resolve(name)).then(() => true),
        false,
      );
    },
    async remove(name) {
      await fsp.rm(resolve(name, { orTemporary: true }), { force: true });
    },
    async check() {
      // The three looks are asked together: a probe waits for one turn of the thread pool that file
      // work shares with photo decoding, not three in a row, so it stays quick while photos arrive.
      const [found, , { bavail, bsize }] = await Promise.all([
        fsp.stat(directory),
        fsp.access(directory, fsp.constants.W_OK),
        fsp.statfs(directory),
      ]);
      if (!found.isDirectory()) throw new Error(`${directory} is not a folder`);
      if (bavail * bsize < MIN_FREE_BYTES) {
        throw Object.assign(new Error(`${directory} has less than ${MIN_FREE_BYTES} bytes free`), { code: 'ENOSPC' });
      }
    },
    async *list() {
      for (const name of await unlessMissing(fsp.readdir(directory), [])) {
        const stat = await fsp.stat(path.join(directory, name)).catch(() => null);
        if (stat?.isFile()) yield { name, size: stat.size, modifiedAt: stat.mtime };
      }
    },
  };
}
