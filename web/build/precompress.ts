import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest']);
/** Below this a compressed copy saves less than the Content-Encoding header costs. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])));
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside a text file worth compressing (what a build does to each); a smaller one keeps no stale copies. */
export async function writeCompressedCopies(file: string): Promise<void> {
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) {
    await Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
    return;
  }
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes a Brotli and a gzip copy beside every text file of the build, once, at build time; the server
 * (koa-send) hands a browser the smallest copy it accepts. Runs after vite-plugin-pwa has written sw.js.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'medivault:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.has(path.extname(file)));
        await Promise.all(files.map(writeCompressedCopies));
      },
    },
  };
}
