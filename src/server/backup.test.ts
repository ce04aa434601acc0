// `npm run backup` while the server runs, and `npm run restore` into an empty DATA_DIR: every report,
// photo and volunteer is there again, and a restore never overwrites a DATA_DIR that holds anything.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { ensureAdminPasscode } from '#server/secrets.ts';
import { multipartBody } from '#tests/build-test-app.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { keepingMailer, signInVolunteer } from '#tests/volunteers.ts';
import { realLocations } from '#tests/places.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Runs one of the project's npm scripts (backup, restore) as `npm run` does, with DATA_DIR and more set. */
async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The real app on the SQLite file and photo folder of a DATA_DIR, as the server opens them. */
async function openApp(dataDir: string) {
  const database = openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'app.db') });
  await migrateToLatest(database.db as never, database.dialect);
  const mailer = keepingMailer();
  const app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: undefined },
    logger: false,
    database,
    storage: localPhotoStorage(path.join(dataDir, 'photos')),
    adminPasscodeHash: ensureAdminPasscode(dataDir, undefined).hash,
    mailer,
  });
  return {
    app,
    database,
    mailer,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function submitReport(app: Awaited<ReturnType<typeof openApp>>['app'], words: string): Promise<number> {
  const { payload, headers } = await multipartBody(
    { what3words: words, description: `Tag at ${words}` },
    { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
  );
  const answer = await app.inject({
    method: 'POST',
    url: '/api/reports',
    payload,
    headers: { ...headers, 'sec-fetch-site': 'same-origin' },
  });
  if (answer.statusCode !== 201) throw new Error(`report refused: ${answer.statusCode} ${answer.body}`);
  return answer.json<{ id: number }>().id;
}

describe('backup and restore on SQLite', () => {
  it('a backup taken while the app runs restores into an empty DATA_DIR with every report, photo and volunteer', async () => {
    const dataDir = tempDir('cue-live-');
    fs.mkdirSync(path.join(dataDir, 'photos'));
    const live = await openApp(dataDir);
    try {
      const places = realLocations(4);
      for (const words of places.slice(0, 3)) await submitReport(live.app, words);
      const emails = ['ailsa@example.org', 'rab@example.org'];
      for (const email of emails) await signInVolunteer(live.app, live.mailer, email);

      // The backup runs in its own process while this app holds the database open, and a report arrives meanwhile.
      const backupsDir = tempDir('cue-backups-');
      const backingUp = script('backup', ['--to', backupsDir], { DATA_DIR: dataDir });
      await submitReport(live.app, places[3]!);
      const backup = await backingUp;
      expect(backup.output).toMatch(/Backed up .* to .*backup-\d{8}T\d{6}Z/);
      expect(backup.code).toBe(0);
      const [folder] = fs.readdirSync(backupsDir);
      const backupDir = path.join(backupsDir, folder!);
      // One self-contained database file, not a live database's WAL companions.
      expect(fs.readdirSync(backupDir).filter((name) => name.startsWith('app.db'))).toEqual(['app.db']);

      // A DATA_DIR that holds anything is never overwritten.
      const occupied = tempDir('cue-occupied-');
      fs.writeFileSync(path.join(occupied, 'notes.txt'), 'keep me');
      const refused = await script('restore', [backupDir], { DATA_DIR: occupied });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('is not empty');
      expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);

      const restoredDir = path.join(tempDir('cue-restored-'), 'data');
      const restored = await script('restore', [backupDir], { DATA_DIR: restoredDir });
      expect(restored.output).toContain('Restored the backup');
      expect(restored.code).toBe(0);

      const liveReports = (await live.app.inject({ method: 'GET', url: '/api/reports' })).json<{ id: number }[]>();
      const again = await openApp(restoredDir);
      try {
        const reports = (await again.app.inject({ method: 'GET', url: '/api/reports' })).json<
          { id: number; description: string; photoUrl: string; thumbnailUrl: string }[]
        >();
        // Every report made before the backup began is there (the one made during it may or may not be).
        expect(reports.length).toBeGreaterThanOrEqual(3);
        expect(reports.map((r) => r.description)).toEqual(
          expect.arrayContaining(places.slice(0, 3).map((words) => `Tag at ${words}`)),
        );
        expect(liveReports.map((r) => r.id)).toEqual(expect.arrayContaining(reports.map((r) => r.id)));
        // Every restored report's photo and thumbnail are served from the restored photo folder.
        for (const report of reports) {
          for (const url of [report.photoUrl, report.thumbnailUrl]) {
            const photo = await again.app.inject({ method: 'GET', url });
            expect(photo.statusCode, url).toBe(200);
            expect(photo.headers['content-type']).toBe('image/jpeg');
          }
        }
        const volunteers = await again.database.db.selectFrom('volunteers').select('email').execute();
        expect(volunteers.map((v) => v.email).sort()).toEqual(emails);
        // The administrator passcode came along (its hash lives in DATA_DIR).
        expect(fs.readFileSync(path.join(restoredDir, 'admin-passcode.hash'), 'utf8')).toBe(
          fs.readFileSync(path.join(dataDir, 'admin-passcode.hash'), 'utf8'),
        );
      } finally {
        await again.close();
      }
    } finally {
      await live.close();
    }
  });

  it('on PostgreSQL, npm run backup explains pg_dump and the photo folder, and says it backed nothing up', async () => {
    const dataDir = tempDir('cue-pg-');
    const answer = await script('backup', [], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://cleanup@db.invalid/cleanup',
    });
    expect(answer.code).toBe(2);
    expect(answer.output).toContain('pg_dump --format=custom');
    expect(answer.output).toContain('pg_restore');
    expect(answer.output).toContain(path.join(dataDir, 'photos'));
    expect(answer.output).toContain('Nothing was backed up by this command.');
  });
});
