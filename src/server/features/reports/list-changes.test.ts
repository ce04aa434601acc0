// The report list's version is known in each process: an unchanged list costs no database query, a
// change (through any request, any background job, or on PostgreSQL any other process) moves it at
// once, and the dashboards' change stream hears of it within a second.
import type { AddressInfo } from 'node:net';
import { sql, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { buildTestAppOn, multipartBody, type TestApp } from '#tests/build-test-app.ts';
import { createSharedPostgres, createTestDatabase, testDatabaseKinds } from '#tests/databases.ts';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { realLocations } from '#tests/places.ts';
import { reportsRepository } from './reports.repository.ts';

const cleanups: (() => Promise<void>)[] = [];
// How long a new stream may take to name the version it starts from: a busy machine is slow to connect,
// and no promise is made about it. How fast a change reaches an open stream is what the tests time.
const CONNECTED_MS = 10_000;
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The handle with every query the app sends through it counted. */
function countingQueries(database: DatabaseHandle) {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    database: { ...database, db: database.db.withPlugin(plugin) },
    /** Queries since the last call. */
    take: () => {
      const taken = count;
      count = 0;
      return taken;
    },
  };
}

const places = realLocations(6);
let placeIndex = 0;

async function makeReport(t: TestApp): Promise<number> {
  const form = await multipartBody(
    { what3words: places[placeIndex++ % places.length]! },
    { photo: { data: await plainJpeg(), name: 'a.jpg', type: 'image/jpeg' } },
  );
  const response = await t.app.inject({ method: 'POST', url: '/api/reports', ...form });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

async function etagOf(t: TestApp, url = '/api/reports'): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return String(response.headers.etag);
}

const revalidate = (t: TestApp, etag: string, url = '/api/reports') =>
  t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });

/** A change stream read over real HTTP, as EventSource reads it. */
async function openChangeStream(t: TestApp) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const abort = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/reports/changes`, {
    headers: { accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const versions: string[] = [];
  const comments: string[] = [];
  let text = '';
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) versions.push((JSON.parse(line.slice(6)) as { version: string }).version);
            if (line.startsWith(':')) comments.push(line);
            if (line.startsWith('retry: ')) comments.push(line);
          }
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  const stream = {
    response,
    versions,
    comments,
    ended: () => ended,
    /** The next version heard after the `seen`-th, waiting at most `withinMs`. */
    async nextVersion(seen: number, withinMs: number): Promise<string> {
      const started = Date.now();
      while (versions.length <= seen) {
        if (Date.now() - started > withinMs) throw new Error(`No new version within ${withinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return versions[seen]!;
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
  cleanups.push(() => stream.close());
  return stream;
}

describe.each(testDatabaseKinds)("the report list's version on %s", (kind) => {
  async function appWithCountedQueries(overrides: Parameters<typeof buildTestAppOn>[1] = {}) {
    const counted = countingQueries(await createTestDatabase(kind));
    const t = await buildTestAppOn(counted.database, overrides);
    cleanups.push(() => t.close());
    // `db` is the app's own handle: a change through it is told only by the reports repository, the
    // way the app's jobs and requests change reports (the test's `t.database` tells the list itself).
    return { t, queries: counted.take, db: counted.database.db };
  }

  it('an unchanged list and an unchanged page are answered 304 without a database query', async () => {
    const { t, queries } = await appWithCountedQueries();
    await makeReport(t);
    const page = '/api/reports?status=all&limit=50';
    const [listEtag, pageEtag] = [await etagOf(t), await etagOf(t, page)];
    // On PostgreSQL the version is trusted once the process listens for changes (at once on SQLite).
    await expect
      .poll(async () => {
        queries();
        expect((await revalidate(t, listEtag)).statusCode).toBe(304);
        return queries();
      })
      .toBe(0);
    for (let i = 0; i < 10; i++) {
      expect((await revalidate(t, listEtag)).statusCode).toBe(304);
      expect((await revalidate(t, pageEtag, page)).statusCode).toBe(304);
    }
    expect(queries()).toBe(0);
  });

  it('a change through a request, or by a job outside any request, moves the ETag at once', async () => {
    const { t, db } = await appWithCountedQueries();
    const before = await etagOf(t);
    await expect.poll(async () => (await revalidate(t, before)).statusCode).toBe(304);

    const id = await makeReport(t);
    const afterReport = await revalidate(t, before);
    expect(afterReport.statusCode).toBe(200);
    expect((afterReport.json() as { id: number }[]).map((report) => report.id)).toContain(id);
    const etag = String(afterReport.headers.etag);
    expect((await revalidate(t, etag)).statusCode).toBe(304);

    // A background job writes through the same database handle, with no request involved.
    await reportsRepository(db).setPriority(id, true, new Date().toISOString());
    const afterJob = await revalidate(t, etag);
    expect(afterJob.statusCode).toBe(200);
    expect((afterJob.json() as { id: number; priority: boolean }[]).find((report) => report.id === id)?.priority).toBe(
      true,
    );

    // A transaction that is rolled back changes nothing, and the list says so.
    const latest = String(afterJob.headers.etag);
    const reports = reportsRepository(db);
    await reports
      .transaction(async (trx) => {
        await reports.setPriority(id, false, new Date().toISOString(), trx);
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect((await revalidate(t, latest)).statusCode).toBe(304);
  });

  it.runIf(kind === 'postgres')(
    'a version read while a change is still open is forgotten when the change commits',
    async () => {
      const { t, db } = await appWithCountedQueries();
      const id = await makeReport(t);
      const etag = await etagOf(t);
      const reports = reportsRepository(db);
      await reports.transaction(async (trx) => {
        await reports.setPriority(id, true, new Date().toISOString(), trx);
        // Another connection still sees the list as it was, and this process may keep that version.
        expect((await revalidate(t, etag)).statusCode).toBe(304);
      });
      expect((await revalidate(t, etag)).statusCode).toBe(200);
    },
  );

  it('a change to reports in a transaction the reports repository did not open is refused, and changes nothing', async () => {
    const { t } = await appWithCountedQueries();
    const id = await makeReport(t);
    const reports = reportsRepository(t.database.db);
    await expect(
      t.database.db.transaction().execute((trx) => reports.setPriority(id, true, new Date().toISOString(), trx)),
    ).rejects.toThrow('Reports are changed only in a transaction opened by the reports repository');
    expect((await reports.findById(id))?.priority).toBe(0);
  });

  it('the change stream names the version on connecting and each new one as it happens', async () => {
    const { t } = await appWithCountedQueries();
    const stream = await openChangeStream(t);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const first = await stream.nextVersion(0, CONNECTED_MS);
    expect(`"${first}"`).toBe(await etagOf(t));

    await makeReport(t);
    const started = Date.now();
    const second = await stream.nextVersion(1, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(`"${second}"`).toBe(await etagOf(t));
  });

  it('a request that does not ask for an event stream is told so at once (406)', async () => {
    const { t } = await appWithCountedQueries();
    const response = await t.app.inject({ method: 'GET', url: '/api/reports/changes' });
    expect(response.statusCode).toBe(406);
    expect(response.json().message).toBe('This address sends an event stream: ask for text/event-stream.');
  });

  it('a quiet stream carries a heartbeat, tells the browser when to reconnect, and ends after its lifetime', async () => {
    const { t } = await appWithCountedQueries({ changeStream: { heartbeatMs: 50, lifetimeMs: 400 } });
    const stream = await openChangeStream(t);
    await expect.poll(() => stream.comments.filter((line) => line.startsWith(': ')).length).toBeGreaterThan(2);
    expect(stream.comments).toContain('retry: 2000');
    await expect.poll(() => stream.ended()).toBe(true);
  });

  it('a restarting server ends its change streams at once instead of waiting for them', async () => {
    const { t } = await appWithCountedQueries();
    const stream = await openChangeStream(t);
    await stream.nextVersion(0, CONNECTED_MS);
    const started = Date.now();
    await t.app.drain();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect.poll(() => stream.ended()).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  async function twoProcesses() {
    const shared = await createSharedPostgres();
    cleanups.push(() => shared.drop());
    const a = await buildTestAppOn(shared.open());
    cleanups.push(() => a.close());
    const counted = countingQueries(shared.open());
    const b = await buildTestAppOn(counted.database);
    cleanups.push(() => b.close());
    return { a, b, bQueries: counted.take };
  }

  it("a report made through one process reaches the other's change stream within 1 s, and its list moves", async () => {
    const { a, b, bQueries } = await twoProcesses();
    const etag = await etagOf(b);
    await expect
      .poll(async () => {
        bQueries();
        expect((await revalidate(b, etag)).statusCode).toBe(304);
        return bQueries();
      })
      .toBe(0);
    const stream = await openChangeStream(b);
    await stream.nextVersion(0, CONNECTED_MS);

    const id = await makeReport(a);
    const started = Date.now();
    const version = await stream.nextVersion(1, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const moved = await revalidate(b, etag);
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).toBe(`"${version}"`);
    expect((moved.json() as { id: number }[]).map((report) => report.id)).toContain(id);
  });

  it('while its listening connection is cut, a process reads the version from the database, then listens again', async () => {
    const { a, b, bQueries } = await twoProcesses();
    const etag = await etagOf(b);
    await expect.poll(async () => (await revalidate(b, etag)).statusCode === 304 && bQueries() === 0).toBe(true);
    const stream = await openChangeStream(b);
    await stream.nextVersion(0, CONNECTED_MS);

    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(b.database.db);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      `cue-listen ${rows[0]!.schema}`,
    ]);
    await admin.end();

    // Whatever B missed meanwhile, B catches up with a change made through A by itself: once it
    // notices the loss it reads the database, and once it listens again it reads the version anew.
    await makeReport(a);
    await expect.poll(async () => (await revalidate(b, etag)).statusCode, { timeout: 5_000 }).toBe(200);
    // Listening again, B streams the version it re-read, and later changes as they happen.
    await stream.nextVersion(1, 5_000);
    await makeReport(a);
    await stream.nextVersion(2, 1_000);
    // And an unchanged list is answered from memory again.
    const latest = await etagOf(b);
    await expect
      .poll(async () => {
        bQueries();
        expect((await revalidate(b, latest)).statusCode).toBe(304);
        return bQueries();
      })
      .toBe(0);
  });
});
