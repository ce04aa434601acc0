// Photo files nothing refers to: a process killed between writing a photo and committing its row
// leaves them behind (and half-written `.tmp` files). A sweep at start and then daily removes every
// file in the photo folder older than an hour that no report, report photo or clean-up refers to;
// the hour leaves uploads in progress alone.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/clock.ts';
import { photoKeysInUse } from './photo-redaction.repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

declare module 'fastify' {
  interface FastifyInstance {
    /** The orphan photo sweep (main.ts starts it; tests call runOnce). */
    photoSweep: OrphanPhotoSweep;
  }
}

export interface OrphanPhotoSweep {
  runOnce(): Promise<{ removed: number }>;
  start(): void;
  stop(): void;
}

export interface OrphanPhotoSweepDeps {
  db: Db;
  directory: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Files younger than this are left alone (an upload may be between its file and its row). */
  minAgeMs?: number;
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
  directory,
  clock,
  log,
  minAgeMs = HOUR,
}: OrphanPhotoSweepDeps): OrphanPhotoSweep {
  let timer: NodeJS.Timeout | undefined;

  async function runOnce(): Promise<{ removed: number }> {
    let names: string[];
    try {
      names = await fs.readdir(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { removed: 0 };
      throw error;
    }
    const cutoff = clock.now().getTime() - minAgeMs;
    // Read the rows after listing the files: a photo written meanwhile is younger than the cutoff anyway.
    const keys = await photoKeysInUse(db);
    let removed = 0;
    for (const name of names) {
      const file = path.join(directory, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
      const key = photoKeyOf(name);
      // Only the app's own photo files are swept; anything else in the folder is left alone.
      if (key === null) continue;
      const orphan = name.endsWith('.tmp') || !keys.has(key);
      if (!orphan) continue;
      await fs.rm(file, { force: true });
      removed++;
    }
    if (removed > 0) log.info({ removed }, 'orphan photo files removed');
    return { removed };
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'orphan photo sweep failed; it runs again tomorrow'))
        .finally(() => schedule(DAY));
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!timer) schedule(5_000);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
