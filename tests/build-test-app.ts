// Builds the real app for a test: a fresh database, a temporary photo folder (or the storage given),
// silence in the logs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '#server/app.ts';
import { localPhotoStorage, type PhotoStorage } from '#server/features/photos/photo-storage.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase, type TestDatabaseKind } from './databases.ts';
import { seedingHandle } from './seeding-handle.ts';
import { hashPasscode } from '#server/secrets.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  storage: PhotoStorage;
  /** The local photo folder (empty when another storage was given). */
  photoDir: string;
  /** Names of every stored photo file in the local folder. */
  storedPhotos(): string[];
  close(): Promise<void>;
}

/** The administrator passcode of every test app. */
export const TEST_ADMIN_PASSCODE = '246810';
const testPasscodeHash = hashPasscode(TEST_ADMIN_PASSCODE);

export async function buildTestApp(
  kind: TestDatabaseKind,
  overrides: Partial<Omit<AppDeps, 'database'>> = {},
): Promise<TestApp> {
  return buildTestAppOn(await createTestDatabase(kind), overrides);
}

/** The real app on a database the test opened (one of several 'processes' on one PostgreSQL schema); closing it closes the database. */
export async function buildTestAppOn(
  database: DatabaseHandle,
  overrides: Partial<Omit<AppDeps, 'database'>> = {},
): Promise<TestApp> {
  const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-photos-'));
  const storage = overrides.storage ?? localPhotoStorage(photoDir);
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: undefined },
    logger: false,
    database,
    storage,
    adminPasscodeHash: testPasscodeHash,
    ...overrides,
  });
  await app.ready();
  speakLikeABrowser(app);
  return {
    app,
    database: seedingHandle(database),
    storage,
    photoDir,
    storedPhotos: () => fs.readdirSync(photoDir).filter((name) => !name.endsWith('.tmp')),
    // The database and the photo folder go even when the app fails to close (a test that broke it).
    close: () =>
      app
        .close()
        .finally(() => database.close())
        .finally(() => fs.rmSync(photoDir, { recursive: true, force: true })),
  };
}

/**
 * Requests injected by tests carry `Sec-Fetch-Site: same-origin`, as every request from our own pages does
 * in a browser. A test that needs a request without it passes the header as undefined.
 */
export function speakLikeABrowser(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  const asBrowser = (options: InjectOptions | string): InjectOptions => {
    const request = typeof options === 'string' ? { url: options } : options;
    const headers = Object.entries({ 'sec-fetch-site': 'same-origin', ...request.headers }).filter(
      ([, value]) => value !== undefined,
    );
    return { ...request, headers: Object.fromEntries(headers) };
  };
  app.inject = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : inject(asBrowser(options))) as FastifyInstance['inject'];
}

export interface UploadFile {
  data: Buffer;
  name: string;
  type: string;
}

/** A multipart body for app.inject or fetch, built with the platform's own FormData; a field may carry several files. */
export async function multipartBody(
  fields: Record<string, string>,
  files: Record<string, UploadFile | UploadFile[]> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, entry] of Object.entries(files)) {
    for (const file of [entry].flat())
      form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
