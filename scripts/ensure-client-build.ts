// `npm start` runs this first: it builds the client when dist/client is missing or older than any
// of its sources, so a fresh clone serves the whole app after `npm install && npm start`.
import fs from 'node:fs';
import path from 'node:path';
import { buildClient } from './build-client.ts';

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
  await buildClient();
}
