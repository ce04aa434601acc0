// The probes an operator points a load balancer at: live while the process answers, ready only when
// this process can take a report (database, photo storage, migrations, not shutting down).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { photoRefusals } from '#server/features/photos/index.ts';
import { localPhotoStorage, type PhotoStorage } from '#server/features/photos/index.ts';

/** The photo storage of a disk that has run out of room: every write fails as the system says so. */
function fullDisk(folder: string): PhotoStorage {
  const full = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const storage = localPhotoStorage(folder);
  return {
    ...storage,
    put: () => Promise.reject(full()),
    check: () => Promise.reject(full()),
  };
}

describe.each(testDatabaseKinds)('health probes on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  const ready = () => t!.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('a healthy process is live and ready, with every check named', async () => {
    t = await buildTestApp(kind);
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const answer = await ready();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', migrations: 'ok', draining: 'ok' },
      message: 'Ready.',
    });
    // The storage check leaves nothing behind in the photo folder.
    expect(t.storedPhotos()).toEqual([]);
  });

  it('is not ready when the database does not answer, and says so, while it stays live', async () => {
    t = await buildTestApp(kind);
    await t.database.close();
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json().checks.database).toBe('failed');
    expect(answer.json().checks.storage).toBe('ok');
    expect(answer.json().message).toContain('the database is not answering');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('is not ready when photos cannot be stored', async () => {
    t = await buildTestApp(kind);
    // The photo folder is gone and a file stands in its place (root ignores permission bits, so a
    // read-only folder would not fail here).
    fs.rmSync(t.photoDir, { recursive: true, force: true });
    fs.writeFileSync(t.photoDir, '');
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', storage: 'failed', migrations: 'ok', draining: 'ok' },
      message: 'Not ready: photos cannot be stored.',
    });
  });

  it('a full disk: an upload hears 503 "storage full" with Retry-After and keeps nothing, and readiness says the storage is full', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-full-'));
    try {
      t = await buildTestApp(kind, { storage: fullDisk(folder) });
      const form = await multipartBody(
        { what3words: 'bleak.exhaust.jewel' },
        { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
      );
      const upload = await t.app.inject({ method: 'POST', url: '/api/reports', ...form });
      expect(upload.statusCode).toBe(503);
      expect(upload.headers['retry-after']).toBeDefined();
      expect(upload.json()).toMatchObject({ statusCode: 503, message: photoRefusals.storageFull });
      const rows = await t.database.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(0);
      expect(fs.readdirSync(folder)).toEqual([]);

      const answer = await ready();
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        status: 'not ready',
        checks: { database: 'ok', storage: 'failed', migrations: 'ok', draining: 'ok' },
        message: 'Not ready: the photo storage is full.',
      });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('readiness writes to the photo storage at most once a minute; the probes between only look', async () => {
    let now = new Date('2027-03-01T09:00:00Z');
    const written: string[] = [];
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-probe-'));
    const storage = localPhotoStorage(folder);
    try {
      t = await buildTestApp(kind, {
        clock: { now: () => now },
        storage: { ...storage, put: (name, data) => (written.push(name), storage.put(name, data)) },
      });
      for (let probe = 0; probe < 5; probe++) {
        expect((await ready()).statusCode).toBe(200);
        now = new Date(now.getTime() + 10_000);
      }
      expect(written).toHaveLength(1);
      now = new Date(now.getTime() + 20_000); // a minute after the write
      expect((await ready()).statusCode).toBe(200);
      expect(written).toHaveLength(2);
      expect(fs.readdirSync(folder)).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is not ready while the database has a migration still to apply', async () => {
    t = await buildTestApp(kind);
    await sql`delete from kysely_migration where name = ${'018-report-list-priority'}`.execute(t.database.db);
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json().checks).toEqual({ database: 'ok', storage: 'ok', migrations: 'failed', draining: 'ok' });
    expect(answer.json().message).toBe('Not ready: the database has migrations still to apply.');
  });

  it('is not ready once the server drains for a restart, but stays live so uploads can finish', async () => {
    t = await buildTestApp(kind);
    await t.app.drain();
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json().checks.draining).toBe('failed');
    expect(answer.json().message).toBe('Not ready: the server is shutting down.');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    // Every other request still hears the restart answer.
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.statusCode).toBe(503);
    expect(other.json().message).toBe('The server is restarting. Please try again in a moment.');
  });
});
