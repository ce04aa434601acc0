// The probes a load balancer or an orchestrator asks: /api/health (the database answers),
// /api/health/live (the process answers) and /api/health/ready (this process should be sent traffic).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthEndpoints, type Readiness } from '#shared/contracts/health.ts';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { answerWithin, pingDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { pendingMigrations } from '#server/db/migrate.ts';
import { isStorageFull, type PhotoStorage } from '#server/features/photos/index.ts';
import { serve } from '#server/http/serve.ts';
import { errorBody } from '#server/plugins/error-handler.ts';
import { systemClock, type Clock } from '#server/clock.ts';

/** A probe must hear back quickly, even from a database (or a disk) that has frozen. */
const HEALTH_PING_MS = 2_000;
/**
 * How long a photo written, read back and removed vouches for the storage. Between two such writes a
 * probe only looks (the folder is writable with room left, or the bucket answers), so a load balancer
 * asking every few seconds does not write a file every few seconds.
 */
const STORAGE_WRITE_EVERY_MS = 60_000;

type CheckName = keyof Readiness['checks'];
type Failure = CheckName | 'storageFull';

/** How each failed check reads in the 503's message. */
const failureWords: Record<Failure, string> = {
  database: 'the database is not answering',
  storage: 'photos cannot be stored',
  storageFull: 'the photo storage is full',
  migrations: 'the database has migrations still to apply',
  draining: 'the server is shutting down',
};

export async function healthRoutes(
  app: FastifyInstance,
  { database, storage, clock = systemClock }: { database: DatabaseHandle; storage: PhotoStorage; clock?: Clock },
) {
  const storageCheck = storageProbe(storage, clock);
  const { check } = healthEndpoints;
  // GET /api/health: registered from its definition with the 503 answer's shape beside the 200's.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: check.method,
    url: check.path,
    config: { access: 'public' },
    schema: { response: { 200: check.response, 503: errorResponseSchema } },
    async handler(request, reply) {
      try {
        await pingDatabase(database.db, HEALTH_PING_MS);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).header('Retry-After', '5').send(errorBody(503, 'The database is not answering.'));
      }
      return { status: 'ok' as const, database: database.dialect };
    },
  });

  // The process answers: nothing else is asked, so a slow database never gets a live process restarted.
  serve(app, healthEndpoints.live, { access: 'public', answersWhileDraining: true }, () => ({ status: 'ok' as const }));

  serve(app, healthEndpoints.ready, { access: 'public', answersWhileDraining: true }, async (request, reply) => {
    let storageFull = false;
    const [databaseOk, storageOk, migrationsOk] = await Promise.all([
      passes(request.log, 'database', () => pingDatabase(database.db, HEALTH_PING_MS)),
      passes(request.log, 'storage', () =>
        storageCheck().catch((error: unknown) => {
          storageFull = isStorageFull(error);
          throw error;
        }),
      ),
      passes(request.log, 'migrations', async () => {
        const pending = await pendingMigrations(database.db as never, database.dialect);
        if (pending.length > 0) throw new Error(`pending migrations: ${pending.join(', ')}`);
      }),
    ]);
    const checks: Readiness['checks'] = {
      database: databaseOk ? 'ok' : 'failed',
      storage: storageOk ? 'ok' : 'failed',
      migrations: migrationsOk ? 'ok' : 'failed',
      draining: app.isDraining() ? 'failed' : 'ok',
    };
    const failed: Failure[] = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] === 'failed');
    if (failed.length === 0) return { status: 'ready' as const, checks, message: 'Ready.' };
    if (storageFull) failed.splice(failed.indexOf('storage'), 1, 'storageFull');
    const message = `Not ready: ${failed.map((name) => failureWords[name]).join('; ')}.`;
    return reply
      .status(503)
      .header('Retry-After', '5')
      .send({ status: 'not ready' as const, checks, message });
  });
}

/** Runs one check within the probe's time; a failure is logged with its cause and reported as false. */
async function passes(log: FastifyInstance['log'], name: CheckName, work: () => Promise<void>): Promise<boolean> {
  try {
    await answerWithin(work(), HEALTH_PING_MS, `no answer within ${HEALTH_PING_MS} ms`);
    return true;
  } catch (error) {
    log.error({ err: error }, `readiness check failed: ${name}`);
    return false;
  }
}

/**
 * The storage check: a look on every probe (PhotoStorage.check: a writable folder with room left, or
 * a bucket that answers), and at most once a minute a tiny photo stored, read back and removed
 * through the same interface uploads use, so a read-only mount or a bucket refusing writes fails here
 * before an upload does. Only a write that worked vouches for the minute after it: after a failure the
 * next probe writes again, so a storage that recovers is seen at once.
 */
function storageProbe(storage: PhotoStorage, clock: Clock): () => Promise<void> {
  let vouchedUntil = -Infinity;
  return async () => {
    await storage.check();
    const now = clock.now().getTime();
    if (now < vouchedUntil) return;
    await storageTakesAPhoto(storage);
    vouchedUntil = now + STORAGE_WRITE_EVERY_MS;
  };
}

async function storageTakesAPhoto(storage: PhotoStorage): Promise<void> {
  const name = `readiness-probe-${randomBytes(8).toString('hex')}.jpg`;
  const bytes = randomBytes(16);
  try {
    await storage.put(name, bytes);
    const back = await storage.read(name);
    if (!back?.equals(bytes)) throw new Error('the stored probe read back differently');
  } finally {
    await storage.remove(name).catch(() => undefined);
  }
}
