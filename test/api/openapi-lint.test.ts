import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '../support/app';

const run = promisify(execFile);
const REDOCLY = path.resolve('node_modules/@redocly/cli/bin/cli.js');
const CONFIG = path.resolve('redocly.yaml');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** `redocly lint` of a document file, on the project's Node, with the project's config; its JSON report. */
async function lint(file: string): Promise<LintReport> {
  const args = [REDOCLY, 'lint', file, '--config', CONFIG, '--format', 'json'];
  const options = { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' } };
  // redocly exits 1 when it finds an error; the report on stdout says which.
  const { stdout } = await run(process.execPath, args, options).catch((err: { stdout?: string }) => {
    if (!err.stdout) throw err;
    return { stdout: err.stdout };
  });
  return JSON.parse(stdout) as LintReport;
}

const listed = (report: LintReport) => report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('redocly lint', () => {
  it('finds no error and no warning in the document the server serves', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, await res.text());
    const report = await lint(file);
    expect(listed(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('fails a document with an error in it', async () => {
    const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
    document.paths['/api/health'].get.responses['200'].content['application/json'].schema = { type: 'string', enum: [{ type: 'ref' }] };
    const file = path.join(dir, 'broken.json');
    await writeFile(file, JSON.stringify(document));
    const report = await lint(file);
    expect(report.totals.errors).toBeGreaterThan(0);
    expect(listed(report).join('\n')).toContain('no-enum-type-mismatch');
  }, 60_000);
});
