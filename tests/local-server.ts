// The real app on a free loopback port, on a fresh SQLite database in a temporary DATA_DIR, serving a
// built client: what the browser tests and the Lighthouse bench run against.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '#server/app.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { hashPasscode } from '#server/secrets.ts';
import { speakLikeABrowser } from './build-test-app.ts';
import { seedingHandle } from './seeding-handle.ts';

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

/** What a caller may put at the edges of the server's world (an SMTP mailer, a clock...). */
export type ServerOptions = Partial<Pick<AppDeps, 'mailer' | 'clock' | 'limits' | 'location' | 'push'>> & {
  /** The bodies reports may be referred to, as the operator's settings would name them. */
  referralBodies?: NonNullable<AppDeps['config']['referralBodies']>;
  /** The map's basemap (a style's address, or an extract's full path); OpenFreeMap's style unless given. */
  map?: AppDeps['config']['map'];
};

export async function startLocalServer(
  { clientDir, adminPasscode }: { clientDir: string; adminPasscode: string },
  { map, ...options }: ServerOptions = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-server-'));
  fs.mkdirSync(path.join(dataDir, 'photos'));
  const database = openDatabase({ kind: 'sqlite', filename: path.join(dataDir, 'app.db') });
  await migrateToLatest(database.db as never, database.dialect);
  const { referralBodies, ...deps } = options;
  const app = await buildApp({
    config: { publicUrl: 'http://127.0.0.1', logLevel: 'silent', trustProxy: undefined, referralBodies, map },
    logger: false,
    database,
    storage: localPhotoStorage(path.join(dataDir, 'photos')),
    clientDir,
    adminPasscodeHash: hashPasscode(adminPasscode),
    ...deps,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Calls a test makes through app.inject come from our own pages, as a browser's would.
  speakLikeABrowser(app);
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database: seedingHandle(database),
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
