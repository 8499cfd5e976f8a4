import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './test-database';

/** The Node version the project installs for itself (the `node` package), as `process.version` spells it. */
export function projectNodeVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/node/package.json'), 'utf8')) as { version: string };
  return `v${manifest.version}`;
}
