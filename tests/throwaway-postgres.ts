// A PostgreSQL cluster of a test's own, in a temporary folder on a free port, that the test may stop,
// start and freeze at will. The shared test server is never touched.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export const postgresBinDir = BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')));

export interface ThrowawayPostgres {
  url: string;
  port: number;
  start(): void;
  /** Stops the cluster at once (every connection is cut). */
  stop(): void;
  /** Suspends the postmaster and its backends: the database stops answering without closing anything. */
  freeze(): void;
  thaw(): void;
  destroy(): void;
}

/** initdb refuses to run as root, so as root the cluster belongs to the postgres user. */
function asOwner(command: string, args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', command, ...args] : [command, ...args];
}

function run(command: string, args: string[]): void {
  const [file, ...rest] = asOwner(command, args);
  execFileSync(file!, rest, { stdio: 'pipe' });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  if (!postgresBinDir) throw new Error('No PostgreSQL server binaries (initdb, pg_ctl) found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-pg-'));
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  const bin = (name: string) => path.join(postgresBinDir!, name);
  run(bin('initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const pgCtl = (...args: string[]) => run(bin('pg_ctl'), ['-D', dataDir, ...args]);
  const start = () =>
    pgCtl(
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    );
  const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  /** The postmaster and every backend it started. */
  const processes = () => {
    const pid = postmasterPid();
    const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
    return [pid, ...children];
  };
  start();
  const thaw = () => processes().forEach((pid) => process.kill(pid, 'SIGCONT'));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => pgCtl('-m', 'immediate', '-w', 'stop'),
    freeze: () => processes().forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw,
    destroy() {
      try {
        thaw();
      } catch {
        // already stopped
      }
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
