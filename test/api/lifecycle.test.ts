import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { startServerProcess, freePort } from '../support/server-process';
import { TestClient } from '../support/client';
import { unique } from '../support/factories';

const SLOW = 180_000;

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

function parsesAsJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

describe('the server process', () => {
  it('creates the configured admin, who signs in, and exits cleanly on SIGTERM', async () => {
    const email = `${unique('admin')}@example.test`;
    const server = await startServerProcess({ DATABASE_URL: process.env.DATABASE_URL!, SEED_DEMO: 'false', ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Bootstrap-Pass-1' });
    const client = new TestClient(server.url);
    const login = await client.post('/api/auth/login', { usernameOrEmail: email, password: 'Bootstrap-Pass-1' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, role: 'admin' });
    expect(await server.stop()).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
  }, SLOW);

  it('refuses to start with invalid configuration and says why', async () => {
    await expect(startServerProcess({ PORT: 'not-a-port' }, 30_000)).rejects.toThrow(/PORT/);
  }, SLOW);

  it('starts an embedded PostgreSQL under DATA_DIR, and stops it on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-lifecycle-'));
    await fs.chmod(dataDir, 0o755);
    const pgPort = await freePort();
    try {
      const server = await startServerProcess({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), SEED_DEMO: 'true' });
      const health = await new TestClient(server.url).get('/api/health');
      expect(health.body).toMatchObject({ status: 'ok', database: 'up' });
      expect(server.output()).toMatch(/Demo accounts/);
      expect(await portOpen(pgPort)).toBe(true);
      expect(await server.stop()).toBe(0);
      // Log collectors read every line the process writes as JSON, the demo accounts included.
      const lines = server.output().split('\n').filter((line) => line.trim());
      expect(lines.filter((line) => !parsesAsJson(line))).toEqual([]);
      expect(lines.map((line) => JSON.parse(line))).toContainEqual(
        expect.objectContaining({ msg: 'Demo accounts (development data)', demoAccounts: expect.objectContaining({ patient: expect.stringMatching(/^demo \/ \S+/) }) }),
      );
      expect(await portOpen(pgPort)).toBe(false);
      await expect(fs.stat(path.join(dataDir, 'postgres', 'PG_VERSION'))).resolves.toBeTruthy();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, SLOW);
});
