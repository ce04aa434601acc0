// The process: config -> DATA_DIR lock -> database -> migrate -> buildApp -> listen -> graceful close.
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError, lockDataDir, prepareDataDir } from './data-dir.ts';
import { openDatabase } from './db/client.ts';
import { WARM_UP_STATEMENTS } from './db/driver-tuning.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { photoStorageFromConfig } from './features/photos/configured-photo-storage.ts';
import { locationServiceFromConfig } from './features/location/location.service.ts';
import { ensureAdminPasscode } from './secrets.ts';
import { smtpMailer } from './mail/mailer.ts';
import { ensureVapidKeys } from './features/alerts/vapid-keys.ts';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  prepareDataDir(config.dataDir);
  const unlock = lockDataDir(config.dataDir);
  process.on('exit', unlock);

  // A lost connection is logged once the app (and its logger) exists; the pool replaces it itself.
  let onConnectionLost = (error: Error) => console.error(`database connection lost: ${error.message}`);
  const database = config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, onConnectionLost: (error) => onConnectionLost(error) })
    : openDatabase({ kind: 'sqlite', filename: path.join(config.dataDir, 'app.db') });
  if (config.databaseUrl) {
    // A migration may rewrite a large table (a city's reports), far beyond the app's statement limit:
    // migrations run on a connection of their own that allows them a quarter of an hour per statement.
    const migrating = openDatabase({
      kind: 'postgres',
      url: config.databaseUrl,
      maxConnections: 1,
      timeouts: { statementMs: 15 * 60_000 },
    });
    try {
      await migrateToLatest(migrating.db as never, migrating.dialect);
    } finally {
      await migrating.close();
    }
  } else {
    await migrateToLatest(database.db as never, database.dialect);
  }
  void database.warmUp?.(WARM_UP_STATEMENTS);
  const passcode = ensureAdminPasscode(config.dataDir, config.adminPasscode);
  // Volunteer alerts: Web Push keys from VAPID_* or generated once into DATA_DIR.
  const vapid = ensureVapidKeys(config.dataDir, config.vapid, config.mailFrom);

  // Photos go to the bucket named by S3_BUCKET, or to DATA_DIR/photos.
  const storage = photoStorageFromConfig(config);

  const app = await buildApp({
    config,
    database,
    storage,
    location: locationServiceFromConfig(config),
    adminPasscodeHash: passcode.hash,
    // Without SMTP_URL, sign-in e-mails are written to the log (buildApp's default).
    ...(config.smtpUrl ? { mailer: smtpMailer(config.smtpUrl, config.mailFrom) } : {}),
    clientDir: path.resolve(import.meta.dirname, '../../dist/client'),
    push: { vapid },
    alerts: { digestHour: config.alertDigestHour },
  });

  onConnectionLost = (error) => app.log.warn({ err: error }, 'database connection lost; it will be replaced');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // The jobs stop (the outbox taking work) while requests finish; a job cut short is taken again later.
    Promise.all([app.drain(), app.jobs.stop()])
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The outbox, lapsed claims, retention, and photo files left by a crash: every periodic job, once.
  app.jobs.start();
  const where = database.dialect === 'sqlite' ? path.join(config.dataDir, 'app.db') : 'PostgreSQL (DATABASE_URL)';
  console.log(
    `\nClean Up Edinburgh is running at ${config.publicUrl}  (database: ${where}; photos: ${storage.location})`,
  );
  if (passcode.generated) {
    console.log(`Administrator passcode (shown once; set ADMIN_PASSCODE to choose your own): ${passcode.generated}\n`);
  }
}

main().catch((error: unknown) => {
  // A bad setting or a folder in use is said in its one line; anything else with its stack.
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
