// The probes an operator points a load balancer at: live while the process answers, ready only when
// this process can take a report (database, photo storage, migrations, not shutting down).
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#tests/build-test-app.ts';
import { testDatabaseKinds } from '#tests/databases.ts';

describe.each(testDatabaseKinds)('health probes on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => undefined);
    t = undefined;
  });

  const ready = () => t!.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('a healthy process is live and ready, with every check named', async () => {
    t = await buildTestApp(kind);
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const answer = await ready();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok', migrations: 'ok', draining: 'ok' },
      message: 'Ready.',
    });
    // The storage check leaves nothing behind in the photo folder.
    expect(t.storedPhotos()).toEqual([]);
  });

  it('is not ready when the database does not answer, and says so, while it stays live', async () => {
    t = await buildTestApp(kind);
    await t.database.close();
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json().checks.database).toBe('failed');
    expect(answer.json().checks.storage).toBe('ok');
    expect(answer.json().message).toContain('the database is not answering');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('is not ready when photos cannot be stored', async () => {
    t = await buildTestApp(kind);
    // The photo folder is gone and a file stands in its place (root ignores permission bits, so a
    // read-only folder would not fail here).
    fs.rmSync(t.photoDir, { recursive: true, force: true });
    fs.writeFileSync(t.photoDir, '');
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', storage: 'failed', migrations: 'ok', draining: 'ok' },
      message: 'Not ready: photos cannot be stored.',
    });
  });

  it('is not ready while the database has a migration still to apply', async () => {
    t = await buildTestApp(kind);
    await sql`delete from kysely_migration where name = ${'018-report-list-priority'}`.execute(t.database.db);
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json().checks).toEqual({ database: 'ok', storage: 'ok', migrations: 'failed', draining: 'ok' });
    expect(answer.json().message).toBe('Not ready: the database has migrations still to apply.');
  });

  it('is not ready once the server drains for a restart, but stays live so uploads can finish', async () => {
    t = await buildTestApp(kind);
    await t.app.drain();
    const answer = await ready();
    expect(answer.statusCode).toBe(503);
    expect(answer.json().checks.draining).toBe('failed');
    expect(answer.json().message).toBe('Not ready: the server is shutting down.');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    // Every other request still hears the restart answer.
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.statusCode).toBe(503);
    expect(other.json().message).toBe('The server is restarting. Please try again in a moment.');
  });
});
