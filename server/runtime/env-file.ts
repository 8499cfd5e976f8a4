import fs from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Adds the `KEY=value` lines of `file` (read with Node's own .env parser) to `env`; a variable `env`
 * already has keeps its value, as with `node --env-file`. Returns whether the file existed.
 */
export function loadEnvFileIfPresent(file: string, env: NodeJS.ProcessEnv = process.env): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  for (const [name, value] of Object.entries(parseEnv(text))) env[name] ??= value;
  return true;
}
