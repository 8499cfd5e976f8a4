import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { startServerProcess, freePort, type ServerProcess } from '../support/server-process';
import { TestClient } from '../support/client';
import { unique } from '../support/factories';
import { SIGNUP_PASSWORD, signupBody } from '../support/signup';
import { pollFor } from '../support/poll';

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

interface RawAnswer {
  /** null when the connection closed with no answer. */
  status: number | null;
  body: unknown;
}

/** An HTTP request over a connection of its own, sent in two parts: the test says when the rest goes. */
function splitRequest(url: string, head: string, rest: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.write(head);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const answer = new Promise<RawAnswer>((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [header = '', body = ''] = received.split('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(header)?.[1];
      resolve({ status: status ? Number(status) : null, body: body.startsWith('{') ? JSON.parse(body) : body });
    });
  });
  return { sendRest: () => socket.write(rest), answer };
}

/** `kill -0` only asks whether the process exists. */
const isRunning = (pid: number) => spawnSync('kill', ['-0', String(pid)]).status === 0;

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
    await expect(startServerProcess({ PORT: 'not-a-port' }, 90_000)).rejects.toThrow(/PORT/);
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

  it('on SIGTERM answers not-ready, stops taking connections, finishes a write in flight, cuts what outlasts SHUTDOWN_GRACE_MS, stops its PostgreSQL and exits 0', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-shutdown-'));
    await fs.chmod(dataDir, 0o755);
    const graceMs = 4000;
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), SEED_DEMO: 'false', SHUTDOWN_GRACE_MS: String(graceMs) };
    let server: ServerProcess | undefined;
    try {
      const running = await startServerProcess(env);
      server = running;
      const account = signupBody({}, 'sd_');
      const patient = new TestClient(server.url);
      expect((await patient.post('/api/auth/signup', account)).status).toBe(202);
      expect((await patient.post('/api/auth/login', { usernameOrEmail: account.username, password: SIGNUP_PASSWORD })).status).toBe(200);
      const postmaster = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(isRunning(postmaster)).toBe(true);

      const medication = JSON.stringify({ name: 'Drained-Amoxicillin', dosage: '500mg', frequency: 'twice_daily', reminderTimes: ['08:00', '20:00'] });
      const headers =
        `Host: ${new URL(server.url).host}\r\nOrigin: ${server.url}\r\nCookie: ${patient.cookieHeader}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(medication)}\r\nConnection: close\r\n\r\n`;
      // Both writes are under way (their bodies half sent) when the signal comes; one is finished during the drain, the other never.
      const write = splitRequest(server.url, `POST /api/medications HTTP/1.1\r\n${headers}${medication.slice(0, 20)}`, medication.slice(20));
      const stalled = splitRequest(server.url, `POST /api/medications HTTP/1.1\r\n${headers}${medication.slice(0, 20)}`, '');
      // A probe on a connection opened before the signal, its request begun: the only way left to ask once the server stops listening.
      const probe = splitRequest(server.url, `GET /api/health/ready HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n`, 'Connection: close\r\n\r\n');
      await new Promise((r) => setTimeout(r, 500));

      const signalledAt = Date.now();
      const exited = server.stop();
      await pollFor('the shutdown log line', () => running.output().includes('shutting down'), 10_000, 50);
      expect(await fetch(`${server.url}/api/health/live`).then(() => 'answered', () => 'refused')).toBe('refused');
      probe.sendRest();
      expect(await probe.answer).toEqual({ status: 503, body: { status: 'not_ready', reason: 'draining' } });
      write.sendRest();
      const acknowledged = await write.answer;
      expect(acknowledged).toMatchObject({ status: 201, body: { name: 'Drained-Amoxicillin' } });

      expect(await stalled.answer).toEqual({ status: null, body: '' });
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(graceMs - 50);
      expect(await exited).toBe(0);
      expect(server.output()).toMatch(/requests still running after the grace period were cut/);
      expect(isRunning(postmaster)).toBe(false);
      await expect(fs.stat(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow(/ENOENT/);

      server = await startServerProcess(env);
      const again = new TestClient(server.url);
      expect((await again.post('/api/auth/login', { usernameOrEmail: account.username, password: SIGNUP_PASSWORD })).status).toBe(200);
      const { medications } = (await again.get('/api/medications')).body as { medications: Array<{ id: string; name: string }> };
      expect(medications.filter((m) => m.name === 'Drained-Amoxicillin').map((m) => m.id)).toEqual([(acknowledged.body as { id: string }).id]);
    } finally {
      if (server?.child.exitCode === null) await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, SLOW);
});
