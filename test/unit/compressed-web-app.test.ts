/**
 * The built web app crosses the wire compressed: the build writes Brotli and gzip copies of each text file,
 * and the server answers each browser with the smallest copy it accepts, the plain file otherwise.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { ResolvedConfig } from 'vite';
import { precompress, writeCompressedCopies } from '../../web/build/precompress';
import { serveWebApp } from '../../server/static';

const SCRIPT = `export const greeting = ${JSON.stringify('Welcome back to your vault. '.repeat(200))};\n`;
const TINY_ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
let root: string;
let server: http.Server;
let base: string;

async function buildFolder(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-precompress-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><html><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`);
  await fs.writeFile(path.join(dir, 'assets/index-abc123.js'), SCRIPT);
  await fs.writeFile(path.join(dir, 'icon.svg'), TINY_ICON);
  await fs.writeFile(path.join(dir, 'icon-192.png'), Buffer.alloc(4096, 1));
  const plugin = precompress();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ build: { outDir: dir } } as ResolvedConfig);
  await (plugin.closeBundle as { handler: () => Promise<void> }).handler();
  return dir;
}

function get(url: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  root = await buildFolder();
  const app = new Koa();
  app.use(serveWebApp(root, 'mv.sid'));
  server = http.createServer(app.callback()).listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await fs.rm(root, { recursive: true, force: true });
});

it('writes Brotli and gzip copies of text files worth compressing, and none of images or tiny files', async () => {
  const files = (await fs.readdir(root, { recursive: true })).sort();
  expect(files).toEqual(['assets', 'assets/index-abc123.js', 'assets/index-abc123.js.br', 'assets/index-abc123.js.gz', 'icon-192.png', 'icon.svg', 'index.html', 'index.html.br', 'index.html.gz']);
});

it('answers a browser that accepts Brotli with the Brotli copy, as JavaScript, cached for good', async () => {
  const res = await get(`${base}/assets/index-abc123.js`, 'gzip, deflate, br');
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  expect(res.headers.vary).toMatch(/Accept-Encoding/);
  expect(res.headers['cache-control']).toContain('immutable');
  expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
  expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
});

it('answers gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
  const gzipped = await get(`${base}/assets/index-abc123.js`, 'gzip');
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
  const plain = await get(`${base}/assets/index-abc123.js`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  expect(plain.body.toString()).toBe(SCRIPT);
});

it('drops the copies of a file rewritten below the size worth compressing, so a stale copy is never served', async () => {
  const shrunk = path.join(root, 'shrinks.js');
  await fs.writeFile(shrunk, SCRIPT);
  await writeCompressedCopies(shrunk);
  expect((await get(`${base}/shrinks.js`, 'br')).headers['content-encoding']).toBe('br');
  await fs.writeFile(shrunk, 'export {};\n');
  await writeCompressedCopies(shrunk);
  const res = await get(`${base}/shrinks.js`, 'br');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.body.toString()).toBe('export {};\n');
});

it('compresses the page a deep link gets, and still serves small files as they are', async () => {
  const page = await get(`${base}/dashboard`, 'br');
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<div id="root">');
  const icon = await get(`${base}/icon.svg`, 'br');
  expect(icon.headers['content-encoding']).toBeUndefined();
  expect(icon.body.toString()).toBe(TINY_ICON);
});
