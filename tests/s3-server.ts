// A real S3-protocol server for tests: s3rver (from npm) on a random local port, keeping its objects
// in a temporary folder. Each bucket a test asks for is new and empty; the server's events show every
// object written and removed, so a test can tell that a photo was stored and then taken away again.
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  s3ClientConfig,
  s3PhotoStorage,
  type S3PhotoStorage,
  type S3Settings,
} from '#server/features/photos/s3-photo-storage.ts';

/** s3rver's fixed credentials. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface ObjectEvent {
  bucket: string;
  name: string;
  kind: 'created' | 'removed';
}

export interface TestS3Server {
  endpoint: string;
  /** A new empty bucket, and the settings (as S3_* would give them) that reach it. */
  newBucket(): Promise<S3Settings>;
  /** Photo storage on a bucket; closed with the server. */
  storage(settings: S3Settings): S3PhotoStorage;
  /** The S3_* environment a script needs for that bucket. */
  env(settings: S3Settings): Record<string, string>;
  /** Every object written or removed so far, in order. */
  events: ObjectEvent[];
  close(): Promise<void>;
}

/** The part of an S3 event notification read here. */
interface S3EventMessage {
  Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const events: ObjectEvent[] = [];
  // S3rver is a Koa application, so an EventEmitter, though its type definitions leave that out.
  (server as unknown as EventEmitter).on('event', (event: S3EventMessage) => {
    for (const record of event.Records) {
      events.push({
        bucket: record.s3.bucket.name,
        name: decodeURIComponent(record.s3.object.key),
        kind: record.eventName.startsWith('ObjectCreated') ? 'created' : 'removed',
      });
    }
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const base: Omit<S3Settings, 'bucket'> = {
    endpoint,
    region: 'eu-west-2',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
  };
  const admin = new S3Client(s3ClientConfig({ ...base, bucket: '' }));
  const opened: S3PhotoStorage[] = [];
  return {
    endpoint,
    events,
    async newBucket() {
      const bucket = `photos-${randomBytes(6).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      return { ...base, bucket };
    },
    storage(settings) {
      const storage = s3PhotoStorage(settings);
      opened.push(storage);
      return storage;
    },
    env: (settings) => ({
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region!,
      S3_ACCESS_KEY_ID: settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
    }),
    async close() {
      for (const storage of opened) storage.destroy();
      admin.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
