import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server: connections stay open, nothing is answered meanwhile. */
  freeze(frozen: boolean): void;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port (or `port`, to start one again), with no persistence, in a temporary directory. */
export async function startRedis(port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-redis-'));
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze(frozen) {
      child.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
