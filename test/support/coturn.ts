import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

export interface Coturn {
  /** The TURN_URLS value for a server that should relay through this one. */
  url: string;
  /** Its static-auth-secret (TURN_SECRET). */
  secret: string;
  stop(): Promise<void>;
}

/** Why coturn cannot run here (its `turnserver` binary is missing), or null when it can. */
export function coturnMissing(): string | null {
  const found = spawnSync('turnserver', ['--version'], { encoding: 'utf8' });
  return found.error ? 'coturn is not installed (apt-get install -y coturn gives turnserver)' : null;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * A throwaway coturn on loopback with the REST API shared secret (time-limited credentials), no TLS,
 * no CLI and no configuration file of the machine: it relays between loopback addresses only, which
 * coturn refuses unless told (`--allow-loopback-peers`).
 */
export async function startCoturn(timeoutMs = 10_000): Promise<Coturn> {
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coturn-'));
  const child = spawn(
    'turnserver',
    [
      '-n', // no configuration file
      `--listening-port=${port}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      '--allow-loopback-peers',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=medivault.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--fingerprint',
      `--userdb=${path.join(dir, 'turndb')}`,
      `--pidfile=${path.join(dir, 'turnserver.pid')}`,
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let failed = false;
  child.on('error', (err) => {
    failed = true;
    output += err.message;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!(await listening(port))) {
    if (failed || child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`coturn did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
