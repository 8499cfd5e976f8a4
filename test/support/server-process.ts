import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { ROOT } from './test-database';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

class PortTaken extends Error {}

/**
 * Starts `server/main.ts` as `npm start` would, and resolves once /api/health/ready answers 200. The free port
 * found can be taken by another process before the server listens (parallel suites open connections all
 * the time): then it starts again on another.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(env, timeoutMs);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 3) throw err;
    }
  }
}

/** The line a server process logs (at info) once it listens. */
const STARTED_LINE = '"msg":"MediVault is running"';

async function launch(env: Record<string, string>, timeoutMs: number): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  // The jest worker's own DATABASE_URL must not leak in: a test that wants it passes it explicitly.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // Test parties all sign up from 127.0.0.1: per-address limits only where a test sets them; doctors and admins
    // sign in with their password alone (the second factor has tests of its own). A developer's .env is not read.
    env: { ...inherited, ENV_FILE: '', NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', SIGNUP_MAX_PER_ADDRESS: '100000', PASSKEY_OPTIONS_MAX_PER_ADDRESS: '100000', GUEST_JOIN_MAX_PER_ADDRESS: '100000', SHARED_LINK_MAX_PER_ADDRESS: '100000', RUN_JOBS: 'false', MFA_REQUIRED_FOR: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const announcesStart = ['trace', 'debug', 'info'].includes(env.LOG_LEVEL ?? 'info');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `server exited early (${child.exitCode}):\n${output}`;
      throw output.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message);
    }
    // The readiness probe answers any host, so a production server (421 to hosts other than PUBLIC_URL) is seen too.
    // Another process may have taken the port before this one listens: its answer counts only once this one says it runs.
    const ok = announcesStart && !output.includes(STARTED_LINE) ? false : await fetch(`${url}/api/health/ready`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    output: () => output,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
