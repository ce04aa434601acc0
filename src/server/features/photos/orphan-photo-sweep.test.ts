// Photo files no row refers to (left by a crash between writing the file and committing the row) are
// removed once they are an hour old, and so are upload folders left in the system's temporary folder;
// photos in use, and uploads in progress, are never touched.
import { jobScheduler } from '#server/jobs/scheduler.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { systemClock } from '#server/clock.ts';
import { orphanPhotoSweep, photoKeyOf } from './orphan-photo-sweep.ts';

describe.each(testDatabaseKinds)('the orphan photo sweep on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const write = (name: string, ageMs: number) => {
    const file = path.join(t.photoDir, name);
    fs.writeFileSync(file, 'x');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(file, when, when);
  };
  const files = () => fs.readdirSync(t.photoDir).sort();

  it('removes old files no row refers to (and old .tmp files), keeping photos in use and recent files', async () => {
    const form = await multipartBody(
      { what3words: 'rally.census.refuse' },
      { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', ...form })).statusCode).toBe(201);
    const inUse = files();
    // Make the photo in use look old too: age alone never removes a photo.
    for (const name of inUse) fs.utimesSync(path.join(t.photoDir, name), new Date(0), new Date(0));
    const HOUR = 3_600_000;
    write('orphanKey1.jpg', 2 * HOUR);
    write('orphanKey1-thumb.jpg', 2 * HOUR);
    write('halfWritten.jpg.4242.tmp', 2 * HOUR);
    write('justUploaded.jpg', 60_000);
    write('justUploaded.jpg.4242.tmp', 60_000);
    write('notes.txt', 2 * HOUR);

    expect(await t.app.photoSweep.runOnce()).toEqual({ removed: 3 });
    expect(files()).toEqual([...inUse, 'justUploaded.jpg', 'justUploaded.jpg.4242.tmp', 'notes.txt'].sort());
    for (const name of inUse)
      expect((await t.app.inject({ method: 'GET', url: `/photos/${name}` })).statusCode).not.toBe(500);
  });

  it('once started as a job, sweeps soon and then again on its schedule, and stops when told', async () => {
    const sweep = orphanPhotoSweep({
      db: t.database.db,
      storage: t.storage,
      clock: systemClock,
      log: { info: () => undefined, error: () => undefined },
      schedule: { firstMs: 20, everyMs: 100 },
    });
    const HOUR = 3_600_000;
    write('leftByACrash.jpg', 2 * HOUR);
    const jobs = jobScheduler([sweep], { error: () => undefined });
    jobs.start();
    try {
      await expect.poll(() => files().includes('leftByACrash.jpg')).toBe(false);
      // The next day's crash is swept by the next run, with nobody calling it.
      write('leftByTheNextCrash.jpg', 2 * HOUR);
      await expect.poll(() => files().includes('leftByTheNextCrash.jpg')).toBe(false);
    } finally {
      await jobs.stop();
    }
    write('leftAfterStopping.jpg', 2 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(files()).toContain('leftAfterStopping.jpg');
    fs.rmSync(path.join(t.photoDir, 'leftAfterStopping.jpg'));
  });

  it("removes upload folders a crash left in the system's temporary folder once they are an hour old, and nothing else there", async () => {
    const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-sweep-tmp-'));
    try {
      const folder = (name: string, ageMs: number) => {
        const dir = path.join(temporary, name);
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, '0'), 'part of a photo');
        const when = new Date(Date.now() - ageMs);
        fs.utimesSync(dir, when, when);
      };
      const HOUR = 3_600_000;
      folder('cue-upload-leftByACrash', 2 * HOUR);
      // An upload under way here, or in another server process sharing the folder.
      folder('cue-upload-underWay', 60_000);
      folder('someone-elses-old', 2 * HOUR);
      const sweep = orphanPhotoSweep({
        db: t.database.db,
        storage: t.storage,
        clock: systemClock,
        log: { info: () => undefined, error: () => undefined },
        uploadFolderParent: temporary,
      });
      await sweep.runOnce();
      expect(fs.readdirSync(temporary).sort()).toEqual(['cue-upload-underWay', 'someone-elses-old']);
    } finally {
      fs.rmSync(temporary, { recursive: true, force: true });
    }
  });

  it('knows which photo a file belongs to', () => {
    expect(photoKeyOf('aB3_x-Yz.jpg')).toBe('aB3_x-Yz');
    expect(photoKeyOf('aB3_x-Yz-thumb.jpg')).toBe('aB3_x-Yz');
    expect(photoKeyOf('aB3_x-Yz-thumb.jpg.99.tmp')).toBe('aB3_x-Yz');
    expect(photoKeyOf('readme.md')).toBeNull();
  });
});
