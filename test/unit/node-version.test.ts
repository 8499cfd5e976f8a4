import { spawnSync } from 'node:child_process';
import { unsupportedRuntimeReason, MINIMUM_NODE_MAJOR } from '../../server/runtime/node-version';
import { refusalReason } from '../support/refusal';
import { ROOT } from '../support/test-database';

describe('runtime check', () => {
  it('accepts the supported majors', () => {
    expect(unsupportedRuntimeReason(`${MINIMUM_NODE_MAJOR}.0.0`)).toBeNull();
    expect(unsupportedRuntimeReason('24.21.0')).toBeNull();
  });

  it('refuses an end-of-life Node with a sentence saying how to start', () => {
    const reason = unsupportedRuntimeReason('20.20.2');
    expect(reason).toContain('Node 20.20.2');
    expect(reason).toContain("'npm start'");
  });
});

const SYSTEM_NODE = '/usr/bin/node';

/** Whether the refusal can be seen here: it needs a system Node older than the project's minimum. */
function olderSystemNodeFound(): boolean {
  const probe = spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  if (probe.error) {
    console.log(`runtime refusal on an old Node ${process.env.CI ? 'must run in CI but cannot' : 'skipped'}: no ${SYSTEM_NODE}`);
    return Boolean(process.env.CI);
  }
  const version = probe.stdout.trim();
  const older = unsupportedRuntimeReason(version) !== null;
  if (!older) console.log(`runtime refusal on an old Node skipped: ${SYSTEM_NODE} is Node ${version}, which is supported`);
  return older;
}

(olderSystemNodeFound() ? describe : describe.skip)(`every entry started on ${SYSTEM_NODE} (an older Node)`, () => {
  it.each(['server/main.ts', 'server/db-cli.ts migrate', 'server/audit-verify.ts'])('%s refuses with the sentence and exit code 1', (entry) => {
    const run = spawnSync(SYSTEM_NODE, ['--import', 'tsx', ...entry.split(' ')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(refusalReason(run.stderr)).toMatch(/^MediVault needs Node \d+ or later and this is Node [\d.]+\. Start it with 'npm start'/);
    expect({ status: run.status, signal: run.signal, stdout: run.stdout }).toEqual({ status: 1, signal: null, stdout: '' });
  }, 90_000);
});
