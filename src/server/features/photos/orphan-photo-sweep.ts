// Photo files nothing refers to: a process killed between writing a photo and committing its row
// leaves them behind (and half-written `.tmp` files in a local folder), and one killed while a form
// arrived leaves its upload folder in the system's temporary folder. A sweep at start and then daily
// removes every photo file or object older than an hour that no report, report photo or clean-up
// refers to, and every upload folder older than an hour; the hour leaves uploads in progress alone,
// whichever server process on the machine they belong to.
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { removeOldUploadFolders } from '#server/plugins/multipart.ts';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/clock.ts';
import type { PeriodicJob } from '#server/jobs/index.ts';
import { photoKeysInUse } from './photo-keys.repository.ts';
import type { PhotoStorage, StoredPhotoFile } from './photo-storage.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Files younger than this are left alone (an upload may be between its file and its row). */
const MIN_AGE_MS = HOUR;

declare module 'fastify' {
  interface FastifyInstance {
    /** The orphan photo sweep (one of app.jobs; tests call runOnce). */
    photoSweep: OrphanPhotoSweep;
  }
}

export interface OrphanPhotoSweep extends PeriodicJob {
  runOnce(): Promise<{ removed: number }>;
}

export interface OrphanPhotoSweepDeps {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** When the started job runs the sweep: first after `firstMs`, then every `everyMs` (5 s, then daily). */
  schedule?: { firstMs: number; everyMs: number };
  /** Where forms' upload folders are made: the system's temporary folder. */
  uploadFolderParent?: string;
}

/** The photo key a file in the folder belongs to: `<key>.jpg`, `<key>-thumb.jpg`, or a `.tmp` of either. */
export function photoKeyOf(name: string): string | null {
  return (
    /^([A-Za-z0-9_]+(?:-(?!thumb\.)[A-Za-z0-9_]+)*?)(?:-thumb)?\.(?:jpg|png|webp)(?:\..*\.tmp)?$/.exec(name)?.[1] ??
    null
  );
}

export function orphanPhotoSweep({
  db,
  storage,
  clock,
  log,
  schedule: { firstMs, everyMs } = { firstMs: 5_000, everyMs: DAY },
  uploadFolderParent = os.tmpdir(),
}: OrphanPhotoSweepDeps): OrphanPhotoSweep {
  async function runOnce(): Promise<{ removed: number }> {
    const cutoff = clock.now().getTime() - MIN_AGE_MS;
    const old: StoredPhotoFile[] = [];
    for await (const file of storage.list()) {
      if (file.modifiedAt.getTime() <= cutoff) old.push(file);
    }
    // Read the rows after listing the files: a photo written meanwhile is younger than the cutoff anyway.
    const keys = await photoKeysInUse(db);
    let removed = 0;
    for (const { name } of old) {
      const key = photoKeyOf(name);
      // Only the app's own photo files are swept; anything else in the folder or bucket is left alone.
      if (key === null) continue;
      const orphan = name.endsWith('.tmp') || !keys.has(key);
      if (!orphan) continue;
      await storage.remove(name);
      removed++;
    }
    if (removed > 0) log.info({ removed }, 'orphan photo files removed');
    const folders = await removeOldUploadFolders(uploadFolderParent, cutoff);
    if (folders > 0) log.info({ removed: folders }, 'upload folders left by a crash removed');
    return { removed };
  }

  return { name: 'orphan-photo-sweep', everyMs, firstMs, run: runOnce, runOnce };
}
