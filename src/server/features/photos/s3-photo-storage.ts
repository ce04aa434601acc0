// Photos in an S3-compatible bucket (AWS S3, or MinIO, Ceph, R2, Spaces... through S3_ENDPOINT with
// path-style addresses). Each photo is one object named as the photo, at the top of the bucket; the
// bucket must exist. The app serves the objects itself at /photos/* (see photos.routes.ts), so the
// bucket can stay private.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Config } from '#server/config.ts';
import { checkPhotoName, PHOTO_CACHE_CONTROL, photoContentType, type PhotoStorage } from './photo-storage.ts';

/**
 * The bucket as configured (config.ts): an S3-compatible service's address, AWS's own when unset; the
 * keys both or neither, without them the SDK's usual sources (environment, instance role) are used.
 */
export interface S3Settings extends S3Config {
  /** How long one operation (its retries included) may take before it fails; ten seconds unless set. */
  timeoutMs?: number;
}

export interface S3PhotoStorage extends PhotoStorage {
  /** Closes the client's connections (scripts and tests; the server keeps them for its lifetime). */
  destroy(): void;
}

/**
 * A frozen bucket fails an operation within seconds instead of holding an upload, a photo or a probe
 * open: the SDK's own request timeout only warns unless told to throw, and its retries would each get
 * the whole time again, so every operation also carries a deadline of its own.
 */
const CONNECTION_TIMEOUT_MS = 3_000;
const DEFAULT_S3_TIMEOUT_MS = 10_000;

export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region ?? 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 demands them: many S3-compatible services refuse the newer checksum
    // headers and trailers, and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: Math.min(CONNECTION_TIMEOUT_MS, timeoutOf(settings)),
      requestTimeout: timeoutOf(settings),
      throwOnRequestTimeout: true,
      // A body that stops arriving once its headers came (a photo being streamed out) fails too.
      socketTimeout: timeoutOf(settings),
    },
  };
}

const timeoutOf = (settings: S3Settings) => settings.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;

/** The object (or the bucket) is not there: S3 says NoSuchKey on GET and a bare 404 on HEAD. */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export function s3PhotoStorage(settings: S3Settings): S3PhotoStorage {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const timeoutMs = timeoutOf(settings);

  /**
   * Sends a command within the deadline. The deadline ends with the answer's headers: a photo's body
   * may then take as long as the person's connection needs, and the socket timeout watches for a stall.
   */
  async function withinDeadline<T>(send: (options: { abortSignal: AbortSignal }) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new Error(`the bucket did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      return await send({ abortSignal: deadline.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async function get(name: string) {
    try {
      return await withinDeadline((options) =>
        client.send(new GetObjectCommand({ Bucket, Key: checkPhotoName(name) }), options),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    location: `s3://${Bucket}`,
    async put(name, data) {
      await withinDeadline((options) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: checkPhotoName(name),
            Body: data,
            ContentLength: data.length,
            ContentType: photoContentType(name),
            // For anything that serves the bucket directly, as the app serves it (photos.routes.ts).
            CacheControl: PHOTO_CACHE_CONTROL,
          }),
          options,
        ),
      );
    },
    async read(name) {
      const object = await get(name);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async open(name) {
      const object = await get(name);
      if (!object?.Body) return null;
      return {
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        etag: object.ETag ?? `"${object.ContentLength ?? 0}"`,
        modifiedAt: object.LastModified ?? new Date(0),
      };
    },
    async exists(name) {
      try {
        await withinDeadline((options) =>
          client.send(new HeadObjectCommand({ Bucket, Key: checkPhotoName(name) }), options),
        );
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(name) {
      // Deleting an object that is not there succeeds, as removing a missing file does locally.
      await withinDeadline((options) =>
        client.send(new DeleteObjectCommand({ Bucket, Key: checkPhotoName(name, { orTemporary: true }) }), options),
      );
    },
    async check() {
      await withinDeadline((options) => client.send(new HeadBucketCommand({ Bucket }), options));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await withinDeadline((options) =>
          client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }), options),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined) continue;
          yield { name: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    destroy() {
      client.destroy();
    },
  };
}
