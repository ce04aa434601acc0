// `npm start` runs this first: it builds the client when dist/client is missing or older than any
// of its sources, so a fresh clone serves the whole app after `npm install && npm start`. The build
// tools (devDependencies) are loaded only when a build is needed: a production install that was built
// ahead of time (`npm run build`, then `npm install --omit=dev`) starts without them.
import fs from 'node:fs';
import path from 'node:path';
import type { buildClient as BuildClient } from './build-client.ts';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');
const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package.json'].map((p) => path.join(root, p));

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
const newestSource = Math.max(...sources.map(newestMtime));
if (!built || built.mtimeMs < newestSource) {
  console.log(built ? 'The client sources changed: building the client...' : 'Building the client (first start)...');
  let buildClient: typeof BuildClient;
  try {
    ({ buildClient } = await import('./build-client.ts'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.error(
      'The client needs building, but the build tools are not installed (npm install --omit=dev). Run `npm run build` where they are, or `npm install`.',
    );
    process.exit(1);
  }
  await buildClient();
}
