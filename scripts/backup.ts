// `npm run backup [-- --to <folder>]`: a consistent backup of DATA_DIR (database, photos from DATA_DIR
// or the bucket, generated secrets) while the server runs, into <folder>/backup-<time> (default
// ./backups). On PostgreSQL it explains the pg_dump path instead and exits 2, so a timer never takes
// that for a backup.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { BackupError, backupDataDir, postgresBackupAdvice } from '#server/backup.ts';
import { photoStorageFromConfig } from '#server/features/photos/index.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  const config = loadConfig();
  if (config.databaseUrl) {
    console.log(postgresBackupAdvice(config.dataDir, config.s3));
    return 2;
  }
  const storage = photoStorageFromConfig(config);
  const target = await backupDataDir(config.dataDir, path.resolve(values.to ?? 'backups'), new Date(), storage);
  console.log(`Backed up ${config.dataDir} to ${target}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
