/**
 * A throwaway PostgreSQL server from the machine's own packages (Debian's postgresql-15, which .ci/run
 * installs), standing in for the external server behind DATABASE_URL, with the pg_dump of its version.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

export const SYSTEM_PG_BIN = '/usr/lib/postgresql/15/bin';

export interface SystemPostgres {
  /** URL of a database on it, created on first ask. */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** initdb and postgres refuse root: as root they run as the 'postgres' user the package created. */
function serverUser(): { uid: number; gid: number } {
  if (os.userInfo().uid !== 0) return { uid: os.userInfo().uid, gid: os.userInfo().gid };
  return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
}

export async function startSystemPostgres(): Promise<SystemPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'medivault-system-pg-'));
  const user = serverUser();
  await chown(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  execFileSync(path.join(SYSTEM_PG_BIN, 'initdb'), ['-D', dataDir, '--auth=trust', '--username=medivault', '--encoding=UTF8'], { stdio: 'ignore', ...user });
  const port = await freePort();
  const server: ChildProcess = spawn(path.join(SYSTEM_PG_BIN, 'postgres'), ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], { stdio: 'ignore', ...user });
  const url = (database: string) => `postgres://medivault@127.0.0.1:${port}/${database}`;
  for (let attempt = 0; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url('postgres') });
    const up = await client.connect().then(() => true, () => false);
    await client.end().catch(() => undefined);
    if (up) break;
    if (attempt > 100) throw new Error('the system PostgreSQL did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    async database(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      await client.end();
      return url(name);
    },
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
