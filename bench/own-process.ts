// A bench module run in a node process of its own, as a server's would be, handing back the JSON it
// prints last: not in the whole bench's process, which by then holds the photo benches' buffers,
// browsers' pipes and Lighthouse's traces, and whose garbage collections land on a timed request now
// and then.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export async function inOwnProcess<T>(moduleFile: string, env: Record<string, string>): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', moduleFile], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as T;
}

/** Whether the module was started by node itself (`node --import tsx bench/x.ts`), not imported. */
export const ranDirectly = (meta: ImportMeta) => meta.url === `file://${process.argv[1]}`;
