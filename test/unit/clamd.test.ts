/** The clamd INSTREAM client against a stand-in clamd on a unix socket, and the settings that turn it on. */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ClamdUnavailable, scanWithClamd } from '../../server/services/documents/clamd';
import { ConfigError, loadConfig } from '../../server/config';
import { ClamdStandIn } from '../support/clamd-stand-in';
import { EICAR } from '../support/hostile-uploads';

let directory: string;
let standIn: ClamdStandIn;
const socketIn = (name: string) => ({ socket: path.join(directory, name) });

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'medivault-clamd-'));
  standIn = await ClamdStandIn.listen({ path: socketIn('clamd.sock').socket });
});
afterAll(async () => {
  await standIn.close();
  await rm(directory, { recursive: true, force: true });
});

/** A server on a unix socket that answers every connection with `answer` (or stays silent). */
async function answering(name: string, answer: ((connection: net.Socket) => void) | null): Promise<net.Server> {
  const server = net.createServer((connection) => {
    connection.on('error', () => undefined);
    answer?.(connection);
  });
  await new Promise<void>((resolve) => server.listen(socketIn(name).socket, resolve));
  return server;
}

describe('scanning a stream with clamd', () => {
  it('sends the bytes whole in 64 KB chunks, and hears a clean stream', async () => {
    const bytes = Buffer.alloc(200 * 1024, 'medical report ');
    expect(await scanWithClamd(socketIn('clamd.sock'), bytes, 5000)).toEqual({ clean: true });
    const received = standIn.scanned.at(-1)!;
    expect(received.bytes.equals(bytes)).toBe(true);
    expect(received.chunks).toBe(4);
  });

  it("hears the signature clamd found, even when the EICAR string straddles two chunks", async () => {
    const bytes = Buffer.concat([Buffer.alloc(64 * 1024 - 30, 'A'), Buffer.from(EICAR, 'latin1')]);
    expect(await scanWithClamd(socketIn('clamd.sock'), bytes, 5000)).toEqual({ clean: false, signature: 'Eicar-Test-Signature' });
    expect(standIn.scanned.at(-1)!.chunks).toBe(2);
  });

  it('sends an empty stream as the terminator alone', async () => {
    expect(await scanWithClamd(socketIn('clamd.sock'), Buffer.alloc(0), 5000)).toEqual({ clean: true });
    expect(standIn.scanned.at(-1)).toEqual({ bytes: Buffer.alloc(0), chunks: 0 });
  });

  it('is unavailable when nothing listens, when clamd answers an error, and when it stays silent', async () => {
    await expect(scanWithClamd(socketIn('nobody.sock'), Buffer.from('x'), 5000)).rejects.toThrow(ClamdUnavailable);
    const refusing = await answering('refusing.sock', (connection) => connection.end('INSTREAM size limit exceeded. ERROR\0'));
    const silent = await answering('silent.sock', null);
    try {
      await expect(scanWithClamd(socketIn('refusing.sock'), Buffer.from('x'), 5000)).rejects.toThrow(/clamd answered: INSTREAM size limit exceeded\. ERROR/);
      await expect(scanWithClamd(socketIn('silent.sock'), Buffer.from('x'), 1000)).rejects.toThrow(/did not answer within 1000 ms/);
    } finally {
      refusing.close();
      silent.close();
    }
  });
});

describe('the settings that turn scanning on', () => {
  it('is off by default, and reaches clamd by unix socket or by TCP host (port 3310 unless set)', () => {
    expect(loadConfig({}).documents.virusScanner).toBeUndefined();
    expect(loadConfig({ CLAMD_SOCKET: '/run/clamav/clamd.ctl' }).documents.virusScanner).toEqual({ address: { socket: '/run/clamav/clamd.ctl' }, timeoutMs: 30_000 });
    expect(loadConfig({ CLAMD_HOST: 'clamav' }).documents.virusScanner).toEqual({ address: { host: 'clamav', port: 3310 }, timeoutMs: 30_000 });
    expect(loadConfig({ CLAMD_HOST: 'clamav', CLAMD_PORT: '3311', CLAMD_TIMEOUT_MS: '5000' }).documents.virusScanner).toEqual({ address: { host: 'clamav', port: 3311 }, timeoutMs: 5000 });
  });

  it('refuses two scanners, and a port without a host', () => {
    expect(() => loadConfig({ CLAMD_SOCKET: '/run/clamav/clamd.ctl', CLAMD_HOST: 'clamav' })).toThrow(ConfigError);
    expect(() => loadConfig({ CLAMD_PORT: '3310' })).toThrow(/CLAMD_PORT needs CLAMD_HOST/);
  });

  it('gives each plan its storage quota in bytes (100 MB free, 2 GB Premium by default)', () => {
    expect(loadConfig({}).documents.storageQuota).toEqual({ free: 100 * 1024 * 1024, premium: 2048 * 1024 * 1024 });
    expect(loadConfig({ STORAGE_QUOTA_FREE_MB: '0.5', STORAGE_QUOTA_PREMIUM_MB: '10' }).documents.storageQuota).toEqual({ free: 512 * 1024, premium: 10 * 1024 * 1024 });
  });
});
