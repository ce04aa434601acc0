// Backing up and restoring a DATA_DIR on SQLite while the server runs: the database through SQLite's
// online backup (a consistent copy, taken page by page without stopping writers), then the photos
// (from DATA_DIR/photos or the bucket) and the generated secrets, into a folder named with the time.
// A restore goes only into an empty DATA_DIR, its photos into DATA_DIR/photos.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { S3Config } from './config.ts';
import { isPhotoName, localPhotoStorage, type PhotoStorage } from './features/photos/index.ts';

const DATABASE_FILE = 'app.db';
const PHOTOS = 'photos';
const MANIFEST = 'backup.json';
/** Files of a running DATA_DIR that are not copied: SQLite's live companions and the process lock. */
const LIVE_ONLY = new Set([DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, 'server.pid']);

export interface BackupManifest {
  createdAt: string;
  database: 'sqlite';
  reports: number;
  volunteers: number;
  photos: number;
  /** The other files of DATA_DIR that came along (the administrator passcode's hash, VAPID keys). */
  files: string[];
}

export class BackupError extends Error {}

/** `backup-20261123T110500Z`: sorts by time, and has no character a shell or a file system minds. */
function backupName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}`;
}

/**
 * Writes a backup of `dataDir` into a new folder under `intoDir` and answers its path. The database is
 * copied first and the photos after: a photo is stored before its row is written, so every row in the
 * copy finds its photo (a photo deleted in between is the only one that can be missing, and its row is
 * being deleted too). The manifest is written last; a folder without one is not a finished backup.
 * The photos come from `storage`: DATA_DIR/photos unless the server keeps them in a bucket.
 */
export async function backupDataDir(
  dataDir: string,
  intoDir: string,
  now = new Date(),
  storage: PhotoStorage = localPhotoStorage(path.join(dataDir, PHOTOS)),
): Promise<string> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source} to back up.`);
  fs.mkdirSync(intoDir, { recursive: true });
  const target = path.join(intoDir, backupName(now));
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists.`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.join(partial, PHOTOS), { recursive: true });

  const live = new Database(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(path.join(partial, DATABASE_FILE));
  } finally {
    live.close();
  }

  let photos = 0;
  for await (const { name } of storage.list()) {
    // Only photos: a `.tmp` file is a photo still being written, and its row is not in the copy.
    if (!isPhotoName(name)) continue;
    const bytes = await storage.read(name);
    if (!bytes) continue; // deleted since it was listed (its row is gone too)
    fs.writeFileSync(path.join(partial, PHOTOS, name), bytes);
    photos++;
  }

  const files: string[] = [];
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isFile() || LIVE_ONLY.has(entry.name)) continue;
    fs.copyFileSync(path.join(dataDir, entry.name), path.join(partial, entry.name));
    files.push(entry.name);
  }

  const counts = settleCopy(path.join(partial, DATABASE_FILE));
  const manifest: BackupManifest = { createdAt: now.toISOString(), database: 'sqlite', ...counts, photos, files };
  fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(partial, target);
  return target;
}

/**
 * Restores a backup folder into `dataDir`, which must not exist or be empty: a restore never overwrites
 * data. The copy is checked (`integrity_check`) first and assembled beside DATA_DIR, then renamed into
 * place, so a failed restore leaves no half-filled DATA_DIR behind.
 */
export function restoreDataDir(backupDir: string, dataDir: string): BackupManifest {
  const manifestPath = path.join(backupDir, MANIFEST);
  if (!fs.existsSync(manifestPath)) {
    throw new BackupError(`${backupDir} is not a finished backup (it has no ${MANIFEST}).`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty. A restore never overwrites data: move it aside, or restore into a new folder.`,
    );
  }
  const database = path.join(backupDir, DATABASE_FILE);
  const check = new Database(database, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The backup's database is damaged: ${String(result)}`);
  } finally {
    check.close();
  }

  const staging = `${path.resolve(dataDir)}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.join(staging, PHOTOS), { recursive: true });
  fs.copyFileSync(database, path.join(staging, DATABASE_FILE));
  for (const name of fs.readdirSync(path.join(backupDir, PHOTOS))) {
    fs.copyFileSync(path.join(backupDir, PHOTOS, name), path.join(staging, PHOTOS, name));
  }
  for (const name of manifest.files) fs.copyFileSync(path.join(backupDir, name), path.join(staging, name));
  if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir); // empty, checked above
  fs.renameSync(staging, dataDir);
  return manifest;
}

/**
 * Turns the copy into one self-contained file (the live database runs in WAL mode, which a copy does
 * not need and which would leave -wal and -shm files beside it) and counts what it holds.
 */
function settleCopy(filename: string): { reports: number; volunteers: number } {
  const db = new Database(filename, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { reports: count('reports'), volunteers: count('volunteers') };
  } finally {
    db.close();
  }
}

/** What `npm run backup` says on PostgreSQL, where the database server does the backing up. */
export function postgresBackupAdvice(dataDir: string, s3?: S3Config): string {
  const photos = s3
    ? [
        `Photos are not in the database: they are objects in the bucket ${s3.bucket}. Keep them with the`,
        "bucket's own versioning or replication, or copy them with your S3 tool, for example",
        '',
        `  aws s3 sync s3://${s3.bucket} /backups/cleanup-photos/${s3.endpoint ? ` --endpoint-url ${s3.endpoint}` : ''}`,
      ]
    : [
        `Photos are not in the database: they are files in ${path.join(dataDir, PHOTOS)}. Copy that folder`,
        'after the dump, for example',
        '',
        `  rsync -a ${path.join(dataDir, PHOTOS)}/ backup-host:/backups/cleanup-photos/`,
      ];
  return [
    'DATABASE_URL is set: the database is PostgreSQL, and PostgreSQL backs itself up. Take a dump with',
    '',
    '  pg_dump --format=custom --file="cleanup-$(date -u +%Y%m%dT%H%M%SZ).dump" "$DATABASE_URL"',
    '',
    'and restore it into an empty database with',
    '',
    '  pg_restore --no-owner --dbname="$DATABASE_URL" cleanup-<time>.dump',
    '',
    "(or use continuous archiving / your provider's point-in-time recovery).",
    '',
    ...photos,
    '',
    'and keep admin-passcode.hash and vapid-keys.json from DATA_DIR unless ADMIN_PASSCODE and VAPID_* are set.',
    'Nothing was backed up by this command.',
  ].join('\n');
}
