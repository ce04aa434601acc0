// The real app with its photos in a bucket on a real S3-protocol server: a report's photo is served
// back at its /photos address as from the local folder, deleting the report removes its objects, a
// report whose row cannot be written leaves no object behind, the orphan sweep, the readiness probe and
// a SQLite backup work on the bucket, and `npm run photos:migrate` copies a photo folder into a bucket
// once however often it runs.
import { photoRefusals } from './photo-refusals.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { CASTLE_WORDS, WAVERLEY_WORDS, realLocations } from '#tests/places.ts';
import { adminCookies } from '#tests/sessions.ts';
import { startS3Server, type TestS3Server } from '#tests/s3-server.ts';
import { startStallingProxy } from '#tests/stalling-proxy.ts';
import { backupDataDir, restoreDataDir } from '#server/backup.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { photoStorageFromConfig } from './configured-photo-storage.ts';
import { localPhotoStorage, type PhotoStorage } from './photo-storage.ts';
import { orphanPhotoSweep } from './orphan-photo-sweep.ts';
import { photosMigrate } from './photos-migrate-command.ts';
import type { S3PhotoStorage, S3Settings } from './s3-photo-storage.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

async function objectNames(storage: PhotoStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const file of storage.list()) names.push(file.name);
  return names.sort();
}

describe.each(testDatabaseKinds)('photos in an S3 bucket, on %s', (kind) => {
  let t: TestApp;
  let storage: S3PhotoStorage;
  let settings: S3Settings;
  let bucket: string;
  beforeAll(async () => {
    settings = await s3.newBucket();
    bucket = settings.bucket;
    storage = s3.storage(settings);
    t = await buildTestApp(kind, { storage });
  });
  afterAll(() => t.close());

  async function report(words: string): Promise<{ id: number; photoUrl: string; thumbnailUrl: string }> {
    const form = await multipartBody(
      { what3words: words },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/api/reports', ...form });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('serves a reported photo back from the bucket at its address, as an image caches keep but ask about again', async () => {
    const { photoUrl, thumbnailUrl } = await report(WAVERLEY_WORDS);
    const names = [photoUrl, thumbnailUrl].map((url) => url.replace('/photos/', '')).sort();
    expect(await objectNames(storage)).toEqual(names);
    expect(t.storedPhotos()).toEqual([]); // nothing on the local disk

    for (const url of [photoUrl, thumbnailUrl]) {
      const photo = await t.app.inject({ method: 'GET', url });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cache-control']).toBe('public, no-cache');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(photo.rawPayload.equals((await storage.read(url.replace('/photos/', '')))!)).toBe(true);
      expect(photo.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

      // A browser asking again with the tag it holds is told nothing changed.
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': photo.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    const missing = await t.app.inject({ method: 'GET', url: '/photos/nothingHere.jpg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await t.app.inject({ method: 'GET', url: '/photos/..%2Fapp.db' })).statusCode).toBe(404);
  });

  it('deleting a report removes its photo and thumbnail from the bucket', async () => {
    const { id, photoUrl, thumbnailUrl } = await report(CASTLE_WORDS);
    const names = [photoUrl, thumbnailUrl].map((url) => url.replace('/photos/', ''));
    const before = await objectNames(storage);
    expect(before).toEqual(expect.arrayContaining(names));

    const admin = await adminCookies(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, cookies: admin })).statusCode).toBe(204);
    expect(await objectNames(storage)).toEqual(before.filter((name) => !names.includes(name)));
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
  });

  it('a report whose row cannot be written leaves no object in the bucket', async () => {
    const before = await objectNames(storage);
    const seen = s3.events.length;
    // The reports table goes away between the photo being stored and the row being written.
    await sql`alter table reports rename to reports_away`.execute(t.database.db);
    try {
      const form = await multipartBody(
        { what3words: realLocations(1)[0]! },
        { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
      );
      const response = await t.app.inject({ method: 'POST', url: '/api/reports', ...form });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`alter table reports_away rename to reports`.execute(t.database.db);
    }
    // Both sizes were written to the bucket, and both were taken away again.
    const happened = s3.events.slice(seen).filter((event) => event.bucket === bucket);
    expect(happened.filter((event) => event.kind === 'created')).toHaveLength(2);
    expect(
      happened
        .filter((event) => event.kind === 'removed')
        .map((event) => event.name)
        .sort(),
    ).toEqual(
      happened
        .filter((event) => event.kind === 'created')
        .map((event) => event.name)
        .sort(),
    );
    expect(await objectNames(storage)).toEqual(before);
  });

  it('the orphan sweep removes old objects no row refers to, and keeps the photos in use', async () => {
    const inUse = await objectNames(storage);
    expect(inUse.length).toBeGreaterThan(0);
    await storage.put('orphanKey2.jpg', Buffer.from('left by a crash'));
    await storage.put('orphanKey2-thumb.jpg', Buffer.from('left by a crash'));
    // Two hours on, every object in the bucket is old enough to be swept.
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const sweep = orphanPhotoSweep({ db: t.database.db, storage, clock: { now: () => later }, log: t.app.log });
    expect(await sweep.runOnce()).toEqual({ removed: 2 });
    expect(await objectNames(storage)).toEqual(inUse);
  });

  it('is ready when the bucket takes a photo; with the bucket missing, not ready, photos answer 503 and no report is kept', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ checks: { storage: 'ok' } });

    const noBucket = await buildTestApp(kind, {
      storage: s3.storage({ ...settings, bucket: 'no-such-bucket' }),
    });
    try {
      const notReady = await noBucket.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toMatchObject({ checks: { storage: 'failed' } });
      // A photo asked for meanwhile hears 'try again', not a missing photo or a server fault.
      const photo = await noBucket.app.inject({ method: 'GET', url: '/photos/someKey.jpg' });
      expect(photo.statusCode).toBe(503);
      expect(photo.headers['retry-after']).toBe('5');
      // A report sent meanwhile is not kept, and leaves nothing behind.
      const form = await multipartBody(
        { what3words: realLocations(2)[1]! },
        { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
      );
      const upload = await noBucket.app.inject({ method: 'POST', url: '/api/reports', ...form });
      expect(upload.statusCode).toBe(503);
      expect(upload.headers['retry-after']).toBeDefined();
      const rows = await noBucket.database.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(0);
    } finally {
      await noBucket.close();
    }
  });
});

describe.each(testDatabaseKinds)('a bucket that stops answering mid-request, on %s', (kind) => {
  it('uploads and photo reads answer 503 with Retry-After within the storage time bound, and work again once it answers', async () => {
    const settings = await s3.newBucket();
    const proxy = await startStallingProxy(Number(new URL(s3.endpoint).port));
    // The bound is a second here; it is ten seconds unless set.
    const storage = s3.storage({ ...settings, endpoint: proxy.url, timeoutMs: 1_000 });
    // The server's errors, beside an answer that should not have been a 500.
    const logged: string[] = [];
    const t = await buildTestApp(kind, {
      storage,
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
    const upload = async (words: string) => {
      const form = await multipartBody(
        { what3words: words },
        { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
      );
      return t.app.inject({ method: 'POST', url: '/api/reports', ...form });
    };
    try {
      const [first, second, third] = realLocations(3);
      const stored = await upload(first!);
      expect(stored.statusCode, [stored.body, ...logged].join('\n')).toBe(201);
      const { photoUrl } = stored.json();

      proxy.stall();
      const refused = await upload(second!);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toBe(photoRefusals.storageUnavailable);
      const photo = await t.app.inject({ method: 'GET', url: photoUrl });
      expect(photo.statusCode).toBe(503);
      expect(photo.headers['retry-after']).toBeDefined();
      const rows = await t.database.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(1);

      proxy.resume();
      expect((await upload(third!)).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(200);
    } finally {
      proxy.resume();
      await t.close();
      await proxy.close();
    }
  });
});

describe('the configured storage', () => {
  it('S3_BUCKET and the settings beside it reach the bucket; without them the photos go to DATA_DIR/photos', async () => {
    const settings = await s3.newBucket();
    const config = loadConfig({ DATA_DIR: '/srv/cleanup/data', ...s3.env(settings) });
    const storage = photoStorageFromConfig(config) as S3PhotoStorage;
    try {
      expect(storage.location).toBe(`s3://${settings.bucket}`);
      await storage.put('configuredKey.jpg', Buffer.from('through the configuration'));
      expect((await s3.storage(settings).read('configuredKey.jpg'))?.toString()).toBe('through the configuration');
    } finally {
      storage.destroy();
    }
    expect(photoStorageFromConfig(loadConfig({ DATA_DIR: '/srv/cleanup/data' })).location).toBe(
      '/srv/cleanup/data/photos',
    );
  });
});

describe('a backup on SQLite with the photos in a bucket', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-backup-s3-'));
    dirs.push(dir);
    return dir;
  };

  it('takes the photos from the bucket, and a restore puts them in DATA_DIR/photos', async () => {
    const dataDir = tempDir();
    const database = openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'app.db') });
    await migrateToLatest(database.db as never, database.dialect);
    await database.close();
    const bucket = s3.storage(await s3.newBucket());
    const photos = { 'keptKey.jpg': 'the web copy', 'keptKey-thumb.jpg': 'the thumbnail' };
    for (const [name, bytes] of Object.entries(photos)) await bucket.put(name, Buffer.from(bytes));

    const backup = await backupDataDir(dataDir, tempDir(), new Date(), bucket);
    const restored = path.join(tempDir(), 'data');
    expect(restoreDataDir(backup, restored).photos).toBe(2);
    for (const [name, bytes] of Object.entries(photos)) {
      expect(fs.readFileSync(path.join(restored, 'photos', name), 'utf8')).toBe(bytes);
    }
  });
});

describe('npm run photos:migrate', () => {
  let dataDir: string;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** The command as the npm script runs it, with its output. */
  async function migrate(env: Record<string, string>): Promise<{ code: number; output: string }> {
    const lines: string[] = [];
    const code = await photosMigrate({
      args: [],
      env,
      out: (line) => lines.push(line),
      error: (line) => lines.push(line),
    });
    return { code, output: lines.join('\n') };
  }

  it('copies the photo folder into the bucket; run again, it copies nothing and says so', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-migrate-'));
    const folder = localPhotoStorage(path.join(dataDir, 'photos'));
    fs.mkdirSync(folder.location);
    const photos = { 'keyOne.jpg': 'one', 'keyOne-thumb.jpg': '1', 'keyTwo.jpg': 'two!', 'keyTwo-thumb.jpg': '2' };
    for (const [name, bytes] of Object.entries(photos)) await folder.put(name, Buffer.from(bytes));
    fs.writeFileSync(path.join(folder.location, 'keyThree.jpg.4242.tmp'), 'half');
    fs.writeFileSync(path.join(folder.location, 'notes.txt'), 'not a photo');
    const settings = await s3.newBucket();
    const bucket = s3.storage(settings);
    // One photo is already in the bucket, and one is there cut short by an earlier run.
    await bucket.put('keyOne.jpg', Buffer.from('one'));
    await bucket.put('keyTwo.jpg', Buffer.from('tw'));
    const env = { DATA_DIR: dataDir, ...s3.env(settings) };
    const seen = s3.events.length;

    const first = await migrate(env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`into s3://${settings.bucket}`);
    expect(first.output).toContain('Copied 3 photo files');
    expect(first.output).toContain('1 were already there with the same size');
    expect(first.output).toContain('Left out 2 files that are not photos');
    for (const [name, bytes] of Object.entries(photos)) expect((await bucket.read(name))?.toString()).toBe(bytes);
    expect(await objectNames(bucket)).toEqual(Object.keys(photos).sort());

    const second = await migrate(env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('Copied 0 photo files');
    expect(second.output).toContain('4 were already there with the same size');
    const written = s3.events
      .slice(seen)
      .filter((event) => event.bucket === settings.bucket && event.kind === 'created');
    expect(written.map((event) => event.name).sort()).toEqual(['keyOne-thumb.jpg', 'keyTwo-thumb.jpg', 'keyTwo.jpg']);
    expect(fs.readdirSync(folder.location)).toHaveLength(6); // the folder is left as it was
  });

  it('without S3_BUCKET it copies nothing and says why', async () => {
    const result = await migrate({ DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.output).toContain('S3_BUCKET is not set');
  });
});
