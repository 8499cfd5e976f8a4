import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEnvFileIfPresent } from '../../server/runtime/env-file';
import { ROOT } from '../support/test-database';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medivault-env-file-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('loadEnvFileIfPresent', () => {
  it('sets what the file names, leaving variables the environment already sets as they are', () => {
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# a comment\nFROM_FILE="from the file"\nALREADY_SET=from-the-file\nSET_EMPTY=from-the-file\n');
    const env: NodeJS.ProcessEnv = { ALREADY_SET: 'from-the-environment', SET_EMPTY: '' };
    expect(loadEnvFileIfPresent(file, env)).toBe(true);
    expect(env).toEqual({ FROM_FILE: 'from the file', ALREADY_SET: 'from-the-environment', SET_EMPTY: '' });
  });

  it('does nothing where there is no file', () => {
    const env: NodeJS.ProcessEnv = { ALREADY_SET: 'from-the-environment' };
    expect(loadEnvFileIfPresent(path.join(dir, '.env'), env)).toBe(false);
    expect(env).toEqual({ ALREADY_SET: 'from-the-environment' });
  });
});

describe("the entries read .env in the working directory before their configuration", () => {
  const tsx = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  // Each entry stops at its configuration, PORT being invalid, before it opens any database.
  it.each(['server/main.ts', 'server/db-cli.ts migrate', 'server/audit-verify.ts'])('%s', (entry) => {
    fs.writeFileSync(path.join(dir, '.env'), 'PORT=port-from-dot-env\n');
    const [script, ...args] = entry.split(' ');
    const { PORT: _unset, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', tsx, path.join(ROOT, script!), ...args], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toContain('PORT must be a number');
    expect(run.status).not.toBe(0);
  }, 90_000);
});
