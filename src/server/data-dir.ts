// DATA_DIR holds the SQLite database, local photos and generated secrets. Only one server process may
// use it at a time: a second one would corrupt nothing (SQLite locks) but would race on generated keys
// and confuse whoever started it, so it refuses with a clear message.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

export function prepareDataDir(dataDir: string): void {
  fs.mkdirSync(path.join(dataDir, 'photos'), { recursive: true });
}

/** Takes the DATA_DIR lock for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `Another server (process ${holder}) is already using DATA_DIR ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
