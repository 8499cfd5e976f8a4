/**
 * `GET /metrics` as Prometheus's own linter reads it: `promtool check metrics` must find nothing to say
 * about a scrape in which every series family has samples. promtool comes with Debian's `prometheus`
 * package; CI installs it, so there a missing promtool fails the test instead of skipping it.
 */
import { spawnSync } from 'node:child_process';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';

const TOKEN = 'metrics-token-for-promtool-0123456789';
/** Samples per kind of libuv request in flight at the instant of the scrape: usually none at all. */
const SAMPLED_ONLY_WHILE_IN_FLIGHT = ['medivault_nodejs_active_requests'];

function promtoolFound(): boolean {
  const found = !spawnSync('promtool', ['--version']).error;
  if (!found) console.log(`promtool check metrics ${process.env.CI ? 'must run in CI but cannot' : 'skipped'}: no promtool on PATH (apt-get install prometheus)`);
  return found || Boolean(process.env.CI);
}

/** The families a scrape declares (`# TYPE name kind`) that have no sample line. */
function familiesWithoutSamples(text: string): string[] {
  const families = [...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!);
  const sampleNames = new Set(text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => /^[^{\s]+/.exec(line)![0]));
  const suffixes = ['', '_total', '_bucket', '_sum', '_count'];
  return families.filter((family) => !suffixes.some((suffix) => sampleNames.has(family + suffix)));
}

/** Scavenges are what fills the GC histogram; allocating short-lived arrays makes some happen. */
async function collectSomeGarbage(): Promise<void> {
  for (let round = 0; round < 200; round++) new Array(100_000).fill(round);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

(promtoolFound() ? describe : describe.skip)('GET /metrics under promtool check metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server.close());

  it('passes the linter, every family having samples', async () => {
    const client = new TestClient(server.url);
    expect((await client.get('/api/health')).status).toBe(200);
    expect((await client.get('/api/medical-reports')).status).toBe(401);
    // No mail is set up on this server: a reset request answers 503, the error counter's sample.
    expect((await client.post('/api/auth/password-reset', { email: 'promtool@example.test' })).status).toBe(503);
    await collectSomeGarbage();

    const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(familiesWithoutSamples(text).filter((family) => !SAMPLED_ONLY_WHILE_IN_FLIGHT.includes(family))).toEqual([]);

    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect({ status: check.status, output: `${check.stdout}${check.stderr}` }).toEqual({ status: 0, output: '' });
  });
});
