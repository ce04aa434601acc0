// Runs the real server (src/server/main.ts) as a child process on a free loopback port, keeps what it
// logs (warnings and errors only) so the bench can show them, and stops it with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '#tests/free-port.ts';

const HOST = '127.0.0.1';
const START_DEADLINE_MS = 30_000;
const STOP_DEADLINE_MS = 15_000;

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (its CPU time is read from /proc by the 304 comparison). */
  pid: number;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** `env` adds settings after the caller's shell is cleared (a database URL or a bucket, for the scale-out bench). */
export async function startServer(
  repoRoot: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'warn',
    ADMIN_PASSCODE: '123456',
  };
  // The bench measures the embedded SQLite set-up unless told otherwise: nothing from the caller's
  // shell may redirect it.
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'SMTP_URL']) delete childEnv[name];
  for (const name of Object.keys(childEnv)) if (name.startsWith('S3_')) delete childEnv[name];
  // The upload burst comes from 200 clients behind a proxy on this machine.
  childEnv.TRUST_PROXY = '127.0.0.1';
  Object.assign(childEnv, env);

  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'server', 'main.ts')], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const server: RunningServer = {
    baseUrl: `http://${HOST}:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: () => stopChild(child, exited),
  };
  try {
    await waitForHealth(server.baseUrl, child);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  return server;
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited during start (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`GET /api/health did not answer 200 within ${START_DEADLINE_MS / 1000} s`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), STOP_DEADLINE_MS)));
  const stopped = await Promise.race([exited.then(() => true), gaveUp]);
  clearTimeout(timer);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
