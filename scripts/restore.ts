// `npm run restore -- <backup folder>`: brings a backup made by `npm run backup` back into DATA_DIR,
// which must be empty or not exist yet (a restore never overwrites data). Stop the server first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { BackupError, restoreDataDir } from '#server/backup.ts';

const usage = 'Usage: DATA_DIR=<empty folder> npm run restore -- <backup folder>';

function main(): number {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (npm run backup explains how).');
    return 2;
  }
  const manifest = restoreDataDir(path.resolve(positionals[0]!), config.dataDir);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: ${manifest.reports} reports, ${manifest.photos} photo files, ${manifest.volunteers} volunteers.`,
  );
  if (config.s3) {
    console.log(
      `The photos are in ${path.join(config.dataDir, 'photos')}; the server reads them from the bucket ${config.s3.bucket}. To put any missing ones back there, run npm run photos:migrate.`,
    );
  }
  return 0;
}

try {
  process.exit(main());
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
}
