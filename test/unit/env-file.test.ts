import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEnvFileIfPresent } from '../../server/runtime/env-file';
import { refusalReason } from '../support/refusal';
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

describe('the entries read .env in the working directory before their configuration', () => {
  const tsx = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const { PORT: _port, ENV_FILE: _envFile, ...inherited } = process.env;
  /** Compiling an entry with tsx took over a minute on a 2-core machine with other work beside it. */
  const START_TIMEOUT_MS = 120_000;
  /** Each entry stops at its configuration, PORT being invalid, before it opens any database. */
  const start = (entry: string, env: Record<string, string> = {}) => {
    fs.writeFileSync(path.join(dir, '.env'), 'PORT=port-from-dot-env\n');
    const [script, ...args] = entry.split(' ');
    return spawnSync(process.execPath, ['--import', tsx, path.join(ROOT, script!), ...args], { cwd: dir, env: { ...inherited, ...env }, encoding: 'utf8', timeout: START_TIMEOUT_MS });
  };

  it('server/main.ts, refusing in one JSON line as its logs are written', () => {
    const run = start('server/main.ts');
    expect(refusalReason(run.stderr)).toContain('PORT must be a number');
    expect(run.status).toBe(1);
  }, START_TIMEOUT_MS + 30_000);

  // The command-line tools answer the person at the terminal in plain text.
  it.each(['server/db-cli.ts migrate', 'server/audit-verify.ts'])('%s', (entry) => {
    const run = start(entry);
    expect(run.stderr).toContain('PORT must be a number');
    expect(run.status).not.toBe(0);
  }, START_TIMEOUT_MS + 30_000);

  it('reads none with ENV_FILE set empty, and refuses an ENV_FILE that does not exist', () => {
    const without = start('server/audit-verify.ts', { ENV_FILE: '', MEDIA_MODE: 'not-a-mode' });
    expect(without.stderr).toContain('MEDIA_MODE');
    expect(without.stderr).not.toContain('PORT');
    const missing = start('server/audit-verify.ts', { ENV_FILE: 'settings.env' });
    expect(missing.status).toBe(1);
    expect(refusalReason(missing.stderr)).toBe(`ENV_FILE names ${path.join(fs.realpathSync(dir), 'settings.env')}, which does not exist.`);
  }, 2 * START_TIMEOUT_MS + 30_000);
});
