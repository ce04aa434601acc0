// `npm run seed -- --reports 100000`: loads that many realistic reports into the database the server
// uses (DATA_DIR's SQLite file, or DATABASE_URL), with their photos where the server keeps them
// (DATA_DIR/photos, or the bucket S3_BUCKET names). Made for a fresh database: it refuses one that
// already holds reports unless `--append` is given.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { localPhotoFolder, photoStorageFromConfig } from '#server/features/photos/index.ts';
import { seedReports, settleAfterLoad } from './seed-reports.ts';

const usage = `Usage: npm run seed -- --reports <count> [--append] [--days <days>]

  --reports <count>  how many reports to add (1 to 2,000,000)
  --days <days>      spread them over this many days before now (default 365)
  --append           add to a database that already holds reports
  --help             show this and stop`;

async function main(): Promise<number> {
  let values: { reports?: string; append?: boolean; days?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        reports: { type: 'string' },
        append: { type: 'boolean' },
        days: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const count = Number(values.reports);
  const days = values.days === undefined ? 365 : Number(values.days);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000 || !Number.isInteger(days) || days < 1) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (!config.s3) fs.mkdirSync(localPhotoFolder(config.dataDir), { recursive: true });
  const database = config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'sqlite', filename: path.join(config.dataDir, 'app.db') });
  try {
    await migrateToLatest(database.db as never, database.dialect);
    const existing = await database.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0 && !values.append) {
      console.error(`The database already holds ${Number(existing.n)} reports. Add --append to add more anyway.`);
      return 1;
    }
    const started = performance.now();
    const { photos } = await seedReports(database.db, photoStorageFromConfig(config), count, { days });
    await settleAfterLoad(database.db, database.dialect);
    const where = database.dialect === 'sqlite' ? path.join(config.dataDir, 'app.db') : 'PostgreSQL (DATABASE_URL)';
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Added ${count.toLocaleString('en-GB')} reports (${photos} photos) to ${where} in ${seconds} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
