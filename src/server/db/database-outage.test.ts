// A database that goes away, or stops answering, never takes the server down: requests hear 503 with
// a clear message while it is away, the health check says so, and everything works again once it is
// back, with no restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { localPhotoStorage } from '#server/features/photos/photo-storage.ts';
import { hashPasscode } from '#server/secrets.ts';
import { postgresBinDir, startThrowawayPostgres, type ThrowawayPostgres } from '#tests/throwaway-postgres.ts';

const cleanups: (() => Promise<void> | void)[] = [];
// Every cleanup runs even when one before it throws (closing an app whose database was stopped may).
afterEach(async () => {
  const failures: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => failures.push(error));
  if (failures.length > 0) throw failures[0];
});

async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const unavailable = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is not answering. Please try again in a moment.',
};

// Every fault is made on a cluster of the test's own, never on the shared test server. Where PostgreSQL is
// tested at all (TEST_DATABASE_URL), missing server binaries fail these tests rather than skip them.
describe.runIf(postgresBinDir || process.env.TEST_DATABASE_URL)(
  'a PostgreSQL server that goes away for a moment',
  () => {
    async function appOn(server: ThrowawayPostgres): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
      const database = openDatabase({
        kind: 'postgres',
        url: server.url,
        maxConnections: 3,
        timeouts: { connectMs: 1_000, statementMs: 2_000 },
      });
      await migrateToLatest(database.db as never, database.dialect);
      const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-photos-'));
      const app = await buildApp({
        config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', trustProxy: undefined },
        logger: false,
        database,
        storage: localPhotoStorage(photoDir),
        adminPasscodeHash: hashPasscode('135790'),
      });
      await app.ready();
      cleanups.push(() => fs.rmSync(photoDir, { recursive: true, force: true }));
      cleanups.push(() => database.close());
      cleanups.push(() => app.close());
      return { app, database };
    }

    it('a connection ended by the server is replaced without a restart, and the reports keep coming', async () => {
      const server = await startThrowawayPostgres();
      cleanups.push(() => server.destroy());
      const { app, database } = await appOn(server);
      // The pool's connections: hold every one at once and ask each for its backend.
      const pids = await Promise.all(
        Array.from({ length: 3 }, () =>
          database.db
            .selectNoFrom((eb) => eb.fn<number>('pg_backend_pid').as('pid'))
            .executeTakeFirstOrThrow()
            .then(async (row) => {
              await new Promise((resolve) => setTimeout(resolve, 50));
              return row.pid;
            }),
        ),
      );
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [[...new Set(pids)]]);
      await admin.end();

      await eventually(async () => {
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toEqual({ status: 'ok', database: 'postgres' });
      });
      expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(200);
    });

    it('answers 503 with a clear message while it is down, and recovers by itself when it is back', async () => {
      const server = await startThrowawayPostgres();
      cleanups.push(() => server.destroy());
      const { app } = await appOn(server);
      expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(200);

      server.stop();
      const list = await app.inject({ method: 'GET', url: '/api/reports' });
      expect(list.statusCode).toBe(503);
      expect(list.json()).toEqual(unavailable);
      expect(list.headers['retry-after']).toBe('5');
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().message).toBe('The database is not answering.');
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.database).toBe('failed');
      expect(ready.json().message).toMatch(/the database is not answering/);
      // The process itself stays up and says so.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

      server.start();
      await eventually(async () => {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      });
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(200);
    });

    it('answers 503 within seconds when the database freezes, and carries on once it answers again', async () => {
      const server = await startThrowawayPostgres();
      cleanups.push(() => server.destroy());
      const { app } = await appOn(server);
      expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(200);

      server.freeze();
      const started = Date.now();
      const [health, list] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/health' }),
        app.inject({ method: 'GET', url: '/api/reports' }),
      ]);
      expect(health.statusCode).toBe(503);
      expect(list.statusCode).toBe(503);
      expect(list.json()).toEqual(unavailable);
      // Well within what a person or a load balancer waits (timeouts here: 1 s to connect, 2 s a statement).
      expect(Date.now() - started).toBeLessThan(10_000);

      server.thaw();
      await eventually(async () => {
        expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(200);
      });
    });

    it('answers 503 within seconds when every connection of the pool is taken, and carries on once one is free', async () => {
      const server = await startThrowawayPostgres();
      cleanups.push(() => server.destroy());
      const { app, database } = await appOn(server);
      // Hold all three connections of the pool, as three slow requests would.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held = Array.from({ length: 3 }, () => database.db.connection().execute(() => released));
      cleanups.push(async () => {
        release();
        await Promise.all(held);
      });
      await eventually(async () => expect(database.poolStats!().idle).toBe(0));

      const started = Date.now();
      const list = await app.inject({ method: 'GET', url: '/api/reports' });
      expect(list.statusCode).toBe(503);
      expect(list.json()).toEqual(unavailable);
      // The pool gives up waiting for a free connection after connectMs (1 s here).
      expect(Date.now() - started).toBeLessThan(5_000);

      release();
      await Promise.all(held);
      expect((await app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(200);
    });
  },
);
