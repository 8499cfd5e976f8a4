import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startTestServer, type TestServer } from '../support/app';
import { buildFixtures, type Fixtures } from './matrix/fixtures';
import { ACTORS, type ActorName, type MatrixRow } from './matrix/types';

const MATRIX_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'matrix');
const NOT_AREAS = new Set(['types.ts', 'fixtures.ts']);

/** Every area file's rows, keyed by area name. */
async function loadAreas(): Promise<[string, MatrixRow[]][]> {
  const files = (await fs.readdir(MATRIX_DIR)).filter((f) => f.endsWith('.ts') && !NOT_AREAS.has(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const area = (await import(pathToFileURL(path.join(MATRIX_DIR, file)).href)) as { rows?: MatrixRow[] };
      if (!Array.isArray(area.rows)) throw new Error(`test/api/matrix/${file} must export its rows as \`rows\``);
      return [file.replace(/\.ts$/, ''), area.rows] as [string, MatrixRow[]];
    }),
  );
}

const areas = await loadAreas();
let server: TestServer;
let fx: Fixtures;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true', LOGIN_FREE_FAILURES: '1000', LOGIN_ADDRESS_MAX_FAILURES: '100000', LOGIN_CHALLENGE_AFTER: '100000' });
  fx = await buildFixtures(server);
}, 60_000);
afterAll(() => server.close());

function routerRoutes(): string[] {
  return server.app.apiRouter.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`));
}

describe('authorization matrix', () => {
  it('has a row for every route in the router, and no row for a route that does not exist', () => {
    const covered = new Set(areas.flatMap(([, rows]) => rows.map((r) => r.route)));
    const registered = routerRoutes();
    expect({ routesWithoutARow: registered.filter((r) => !covered.has(r)) }).toEqual({ routesWithoutARow: [] });
    expect({ rowsWithoutARoute: [...covered].filter((r) => !registered.includes(r)) }).toEqual({ rowsWithoutARoute: [] });
  });

  describe.each(areas)('%s', (_area, rows) => {
    it.each(rows.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
      const [method, pattern] = row.route.split(' ') as [string, string];
      const actual = {} as Record<ActorName, number>;
      for (const actor of ACTORS) {
        const client = row.freshSession ? await fx.signIn(actor) : fx.clients[actor];
        const target = row.path ? await row.path(fx, actor) : pattern;
        const body = row.body?.(fx, actor);
        actual[actor] = (await client.request(method, target, body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}))).status;
      }
      expect(actual).toEqual(row.expect);
    });
  });
});
