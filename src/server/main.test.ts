// The server as a person runs it: a real process, started and stopped with signals.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { plainJpeg } from '#tests/fixture-photos.ts';
import { multipartBody } from '#tests/build-test-app.ts';
import { freePort } from '#tests/free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * How long a start may take before the test gives up: generous, since a busy machine is slow, not
 * broken. A start compiles the server and creates and migrates a SQLite file (a write to disk per
 * migration); with both cores and the disk busy with other work, one start took longer than 90 s.
 */
const STARTUP_MS = 180_000;
const started: ChildProcessWithoutNullStreams[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-main-'));
  dirs.push(dir);
  return dir;
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: process.env.DEBUG_MAIN ? 'debug' : 'warn', ...env },
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Compiling the server on the fly takes seconds on an idle machine and many more on a busy one.
  const waitFor = async (pattern: RegExp, timeoutMs = STARTUP_MS) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return output;
  };
  return { child, exited, waitFor, output: () => output };
}

describe('the server process', { timeout: 3 * STARTUP_MS }, () => {
  it('prints its URL and, on first start only, the generated administrator passcode', async () => {
    const dataDir = tempDataDir();
    const port = String(await freePort());
    const first = startServer({ DATA_DIR: dataDir, PORT: port });
    const out = await first.waitFor(/running at/);
    expect(out).toContain(`Clean Up Edinburgh is running at http://localhost:${port}`);
    const code = /Administrator passcode \(shown once[^)]*\): (\d{6})/.exec(await first.waitFor(/passcode/))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(fs.readFileSync(path.join(dataDir, 'admin-passcode.hash'), 'utf8')).not.toContain(code!);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' });
    // A first start says nothing a newcomer would take for a fault.
    expect(first.output()).not.toMatch(/deprecat|warning/i);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = startServer({ DATA_DIR: dataDir, PORT: port });
    await second.waitFor(/running at/);
    expect(second.output()).not.toMatch(/passcode/i);
  });

  it('without SMTP_URL, at the default log level, the sign-in code is printed where the README says', async () => {
    const port = String(await freePort());
    const server = startServer({ DATA_DIR: tempDataDir(), PORT: port, LOG_LEVEL: 'info' });
    await server.waitFor(/running at/);
    const asked = await fetch(`http://127.0.0.1:${port}/api/volunteers/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'first.volunteer@example.org' }),
    });
    expect(asked.status, await asked.text()).toBe(200);
    expect(await server.waitFor(/sign-in code is/)).toMatch(/Your Clean Up Edinburgh sign-in code is: \d{6}/);
  });

  it('a second process on the same DATA_DIR refuses to start with a clear message', async () => {
    const dataDir = tempDataDir();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await first.waitFor(/running at/);
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is already using DATA_DIR ${dataDir}`);
  });

  it('a bad configuration value stops the start with one line naming the variable', async () => {
    const bad = startServer({ DATA_DIR: tempDataDir(), PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: PORT /);

    const badPasscode = startServer({ DATA_DIR: tempDataDir(), ADMIN_PASSCODE: '12ab' });
    expect(await badPasscode.exited).toBe(1);
    expect(badPasscode.output().trim()).toBe('Configuration error: ADMIN_PASSCODE must be exactly 6 digits');
  });

  it('on SIGTERM a request in flight still finishes, then the process exits', async () => {
    const port = await freePort();
    // At debug level the server logs each request as it arrives: the test's cue that it is in flight.
    const server = startServer({ DATA_DIR: tempDataDir(), PORT: String(port), LOG_LEVEL: 'debug' });
    await server.waitFor(/running at/);

    const { payload, headers } = await multipartBody(
      { what3words: 'bleak.exhaust.jewel' },
      { photo: { data: await plainJpeg(), name: 'wall.jpg', type: 'image/jpeg' } },
    );
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${headers['content-type']}\r\n` +
        `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(payload.subarray(0, 100));
    await server.waitFor(/"url":"\/api\/reports"[^\n]*"msg":"incoming request"/);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // New requests are turned away while the one in flight finishes (the first may beat the signal).
    let refused = await fetch(`http://127.0.0.1:${port}/api/health`);
    while (refused.status === 200) refused = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    socket.write(payload.subarray(100)); // no half-close: Node drops half-closed requests
    await closed;
    expect(answer, server.output()).toMatch(/^HTTP\/1\.1 201/);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  });
});
