import fs from 'node:fs/promises';
import path from 'node:path';
import { log } from './log';
import { viteJsonLogger } from './lib/vite-json-logger';

const SOURCES = ['web', 'common', 'vite.config.ts'];

async function newestModification(entry: string): Promise<number> {
  const stat = await fs.stat(entry).catch(() => null);
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  const children = await fs.readdir(entry);
  const times = await Promise.all(children.map((child) => newestModification(path.join(entry, child))));
  return Math.max(stat.mtimeMs, ...times);
}

/** Builds the PWA into dist/ when it is missing or older than its sources; returns the folder to serve. */
export async function ensureWebBuild(root: string): Promise<string> {
  const outDir = path.join(root, 'dist');
  const built = await fs.stat(path.join(outDir, 'index.html')).then((s) => s.mtimeMs, () => 0);
  const sources = Math.max(...(await Promise.all(SOURCES.map((s) => newestModification(path.join(root, s))))));
  if (built && built >= sources) return outDir;
  log.info(built ? 'web sources changed: rebuilding the web app' : 'building the web app (first start)');
  const { build } = await import('vite');
  // Vite builds React's development bundles whenever NODE_ENV says 'development' (as `npm run dev` and the
  // e2e server do): the app served must be the production build whatever mode the server runs in.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn', customLogger: viteJsonLogger(log) });
  } finally {
    // Assigning undefined would leave the string 'undefined', which later Vite builds in this process read as a mode.
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}
