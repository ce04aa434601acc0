// The service as several machines run it: two server processes on one PostgreSQL database and one
// photo bucket, behind a round-robin proxy written here. Whatever process a request reaches, the
// volunteer is signed in, the photo is there, the report is on the list, a limit counts every
// attempt, a background job runs once, and a process that dies mid-upload loses nothing it
// acknowledged and leaves no photo object behind for good.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#server/clock.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { orphanPhotoSweep } from '#server/features/photos/orphan-photo-sweep.ts';
import { alertVolunteer } from '#tests/alerts.ts';
import { multipartBody } from '#tests/build-test-app.ts';
import { createScratchDatabase, type ScratchDatabase } from '#tests/databases.ts';
import { freePort } from '#tests/free-port.ts';
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts';
import { largePhoneJpeg, plainJpeg } from '#tests/fixture-photos.ts';
import { realLocations } from '#tests/places.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '#tests/round-robin-proxy.ts';
import { startS3Server, type TestS3Server } from '#tests/s3-server.ts';
import type { S3Settings } from '#server/features/photos/s3-photo-storage.ts';
import { readSignInMail } from '#tests/volunteers.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Compiling the server on the fly takes seconds on an idle machine and many more on a busy one. */
const STARTUP_MS = 90_000;
const PASSCODE = '975310';
const baseUrl = process.env.TEST_DATABASE_URL;

interface ServerProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  exited: Promise<number | null>;
}

describe.skipIf(!baseUrl)('two server processes on one database and one bucket, behind a proxy', () => {
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  let scratch: ScratchDatabase;
  let database: DatabaseHandle;
  let s3: TestS3Server;
  let bucket: S3Settings;
  let smtp: FakeSmtp;
  let proxy: RoundRobinProxy;
  let proxyUrl: string;

  async function startProcess(name: string): Promise<ServerProcess> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cue-two-${name}-`));
    dirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        PUBLIC_URL: proxyUrl,
        ADMIN_PASSCODE: PASSCODE,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Clean Up Edinburgh <hello@cleanupedinburgh.test>',
        LOG_LEVEL: 'warn',
        // The proxy is the one hop in front: a client's X-Forwarded-For names it to the limits.
        TRUST_PROXY: '127.0.0.1',
        ...s3.env(bucket),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started: ServerProcess = { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
    const deadline = Date.now() + STARTUP_MS;
    while (!/running at/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${name} did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return started;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('cue_two');
    [s3, smtp] = await Promise.all([startS3Server(), startFakeSmtp()]);
    bucket = await s3.newBucket();
    proxy = await startRoundRobinProxy(() =>
      processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null),
    );
    proxyUrl = proxy.url;
    // The first start migrates the database; the second finds it current.
    processes.push(await startProcess('one'));
    processes.push(await startProcess('two'));
    database = openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 2 });
  }, 4 * STARTUP_MS);

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await database?.close();
    await proxy?.close();
    await Promise.all([s3?.close(), smtp?.close()]);
    await scratch?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const [one, two] = [() => processes[0]!, () => processes[1]!];

  async function submitReport(to: string, what3words: string, photo: Buffer, from?: string) {
    const { payload, headers } = await multipartBody(
      { what3words, description: 'Tag on the shutter' },
      { photo: { data: photo, name: 'wall.jpg', type: 'image/jpeg' } },
    );
    return fetch(`${to}/api/reports`, {
      method: 'POST',
      headers: { ...headers, ...(from ? { 'x-forwarded-for': from } : {}) },
      body: new Uint8Array(payload),
    });
  }

  /** Outbox jobs that are due and neither delivered nor given up. */
  async function dueJobs(): Promise<number> {
    const row = await database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('delivered_at', 'is', null)
      .where('gave_up_at', 'is', null)
      .where('run_after', '<=', new Date().toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The list's change stream of one process, as a dashboard's EventSource reads it. */
  async function changeStream(server: ServerProcess) {
    const abort = new AbortController();
    const response = await fetch(`${server.url}/api/reports/changes`, {
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const versions: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let text = '';
      try {
        for await (const chunk of response.body!) {
          text += decoder.decode(chunk as Uint8Array, { stream: true });
          for (const line of text.split('\n')) {
            if (line.startsWith('data: ')) versions.push((JSON.parse(line.slice(6)) as { version: string }).version);
          }
          text = text.slice(text.lastIndexOf('\n') + 1);
        }
      } catch {
        // closed by the test
      }
    })();
    return {
      versions,
      async close() {
        abort.abort();
        await reading;
      },
    };
  }

  it('the proxy spreads requests over both processes', async () => {
    const backends = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${proxyUrl}/api/health/ready`);
      expect(response.status).toBe(200);
      backends.add(response.headers.get('x-test-backend')!);
    }
    expect(backends).toEqual(new Set(['one', 'two']));
  });

  it('a volunteer signed in through one process is signed in on the other', async () => {
    const email = 'morag@example.org';
    const asked = await fetch(`${one().url}/api/volunteers/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Morag' }),
    });
    expect(asked.status).toBe(200);
    const { code } = readSignInMail((await smtp.waitFor(email)).text);
    // The code is checked by the other process.
    const verified = await fetch(`${two().url}/api/volunteers/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, code }),
    });
    expect(verified.status).toBe(200);
    const cookie = verified.headers
      .getSetCookie()
      .find((c) => c.startsWith('cue_session='))!
      .split(';')[0]!;
    for (const server of [one(), two()]) {
      const me = await fetch(`${server.url}/api/volunteers/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(email);
    }
  });

  it('a report made through one process, with its photo, is listed and served by the other', async () => {
    const [words] = realLocations(1, { lat: 55.9533, lng: -3.1883 });
    const made = await submitReport(one().url, words!, await plainJpeg());
    expect(made.status).toBe(201);
    const report = (await made.json()) as { id: number; photoUrl: string };

    const admin = await fetch(`${two().url}/api/admin/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passcode: PASSCODE }),
    });
    expect(admin.status).toBe(200);
    const cookie = admin.headers
      .getSetCookie()
      .find((c) => c.startsWith('cue_admin='))!
      .split(';')[0]!;
    const page = await fetch(`${two().url}/api/reports?status=all&limit=50`, { headers: { cookie } });
    const listed = (await page.json()) as { reports: { id: number; what3words: string }[] };
    expect(listed.reports.map((r) => r.what3words)).toContain(words);

    const photo = await fetch(`${two().url}${report.photoUrl}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const served = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(['jpeg', 120, 90]);
  });

  it('a report made through one process reaches a dashboard connected to the other within a second', async () => {
    const stream = await changeStream(two());
    try {
      await expect.poll(() => stream.versions.length).toBeGreaterThan(0);
      const heard = stream.versions.length;
      const [words] = realLocations(1, { lat: 55.9412, lng: -3.2054 });
      const made = await submitReport(one().url, words!, await plainJpeg());
      expect(made.status).toBe(201);
      await expect.poll(() => stream.versions.length, { timeout: 1_000, interval: 10 }).toBeGreaterThan(heard);
    } finally {
      await stream.close();
    }
  });

  it('report submissions through both processes add up to one hourly allowance per client', async () => {
    const client = '203.0.113.77';
    const photo = await plainJpeg();
    const places = realLocations(31, { lat: 55.9601, lng: -3.175 });
    const statuses: number[] = [];
    for (const words of places) statuses.push((await submitReport(proxyUrl, words, photo, client)).status);
    // Thirty in all, whichever process took them; the thirty-first is refused, and so by both.
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    for (const server of [one(), two()]) {
      expect((await submitReport(server.url, places[0]!, photo, client)).status).toBe(429);
    }
    // Another client is not affected.
    expect((await submitReport(proxyUrl, places[0]!, photo, '203.0.113.78')).status).toBe(201);
  });

  it('wrong passcodes sent through both processes add up to one limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${proxyUrl}/api/admin/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ passcode: '000000' }),
      });
      statuses.push(response.status);
    }
    // Five checks in all, then both processes refuse even the right code from this client.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    for (const server of [one(), two()]) {
      const right = await fetch(`${server.url}/api/admin/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ passcode: PASSCODE }),
      });
      expect(right.status).toBe(429);
    }
  });

  it('thirty alert e-mails are each sent once with both processes working the outbox', async () => {
    // The reports made so far have had their alert jobs run before these volunteers choose alerts.
    await expect.poll(dueJobs, { timeout: 30_000 }).toBe(0);
    const emails = Array.from({ length: 30 }, (_, i) => `alert${i + 1}@example.org`);
    for (const email of emails) {
      const volunteer = await alertVolunteer(database, systemClock, email);
      const chosen = await fetch(`${proxyUrl}/api/alerts/preferences`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          cookie: `cue_session=${volunteer.cookies.cue_session}`,
          origin: proxyUrl,
        },
        body: JSON.stringify({ push: false, email: 'instant', radiusKm: null, centre: null }),
      });
      expect(chosen.status).toBe(200);
    }
    const [words] = realLocations(1, { lat: 55.9486, lng: -3.1999 });
    expect((await submitReport(proxyUrl, words!, await plainJpeg())).status).toBe(201);

    await expect
      .poll(() => smtp.messages.filter((m) => emails.includes(m.to[0]!)).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(30);
    // Every job that was due has run (a later report's alert waits out its window); nothing is sent twice.
    await expect.poll(dueJobs, { timeout: 30_000 }).toBe(0);
    const received = smtp.messages.filter((m) => emails.includes(m.to[0]!)).map((m) => m.to[0]!);
    expect(received.toSorted()).toEqual(emails.toSorted());
  });

  it('a process killed mid-upload loses no acknowledged report and leaves no photo object for good', async () => {
    const photo = await largePhoneJpeg();
    const places = realLocations(8, { lat: 55.9445, lng: -3.1619 });
    const answers = places.map((words) =>
      submitReport(one().url, words, photo).then(
        async (response) => ({ words, status: response.status, body: response.ok ? await response.json() : null }),
        () => ({ words, status: 0, body: null }),
      ),
    );
    // Killed as soon as the first upload is acknowledged, with the others somewhere in the pipeline. A
    // quicker refusal (a 503 while the photo queue is full) is not an acknowledgement.
    const first = await Promise.any(
      answers.map((answer) => answer.then((a) => (a.status === 201 ? a : Promise.reject(new Error(String(a.status)))))),
    );
    one().child.kill('SIGKILL');
    await one().exited;
    const settled = await Promise.all(answers);
    const acknowledged = settled.filter((a) => a.status === 201).map((a) => a.words);
    // Some uploads were cut off by the kill (the test is about those).
    expect(acknowledged.length).toBeLessThan(places.length);
    expect(acknowledged).toContain(first.words);

    const kept = await database.db.selectFrom('reports').select(['what3words', 'photo_key']).execute();
    for (const words of acknowledged) expect(kept.map((r) => r.what3words)).toContain(words);

    // What the dead process wrote and never committed is swept once it is old enough; every photo a
    // report refers to stays.
    const storage = s3.storage(bucket);
    const later = { now: () => new Date(Date.now() + 2 * 60 * 60 * 1000) };
    const quiet = { info: () => undefined, error: () => undefined };
    const sweep = orphanPhotoSweep({ db: database.db, storage, clock: later, log: quiet });
    const keys = new Set(kept.map((r) => r.photo_key));
    const objects = async () => {
      const names: string[] = [];
      for await (const file of storage.list()) names.push(file.name);
      return names;
    };
    // A photo whose whole body reached the bucket just before the kill may land after a sweep has
    // listed the bucket: the next sweep takes it, as the periodic job would.
    await expect
      .poll(async () => {
        await sweep.runOnce();
        return (await objects()).filter((name) => !keys.has(name.replace(/(-thumb)?\.(jpg|png|webp)$/, '')));
      })
      .toEqual([]);
    for (const key of keys) expect(await objects()).toContain(`${key}.jpg`);

    // The other process went on serving throughout.
    expect((await fetch(`${two().url}/api/health/ready`)).status).toBe(200);
  });
});
