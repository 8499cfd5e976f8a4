import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startTestServer, type TestServer } from '../support/app';
import { buildFixtures, type Fixtures } from './matrix/fixtures';
import { ACTORS, type ActorName, type MatrixRow } from './matrix/types';
import { routeDefinitions } from '../../server/routes/define';
import { allows, type RoutePolicy } from '../../server/policies/route-policy';
import { AuditEvent } from '../../db/models';
import type { Actor } from '../../server/policies/actor';

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
  // Guests need the SFU: the matrix server answers as one whose calls go through it.
  server.app.deps.mediaMode = () => 'sfu';
  fx = await buildFixtures(server);
}, 60_000);
afterAll(() => server.close());

/** The kind of session each matrix actor holds, to ask a route's policy about them. */
const KIND_OF: Record<ActorName, Actor['kind']> = {
  anonymous: 'anonymous',
  patientA: 'patient',
  patientB: 'patient',
  admin: 'admin',
  doctor: 'doctor',
  otherDoctor: 'doctor',
  formerDoctor: 'doctor',
  guest: 'guest',
};

function policyOf(route: string): RoutePolicy {
  const definition = routeDefinitions(server.app.apiRouter).find((d) => `${d.method.toUpperCase()} /api${d.path}` === route);
  if (!definition) throw new Error(`no route definition for ${route}`);
  return definition.policy;
}

interface DeniedRow {
  action: string;
  resourceType: string | null;
  resourceId: string | null;
}

/**
 * The `denied` rows a refusal must have written under its request id: one naming what was asked
 * ('denied METHOD path'), and, when the route's policy let the actor through (a refusal at record level,
 * decided by the data layer), naming the record too. A visitor's GET refused by policy is not audited
 * (routes/define.ts worthAuditing); a 404 a row marks as nothing-to-show is no refusal.
 */
function expectedDenial(row: MatrixRow, actor: ActorName, method: string, target: string, status: number): DeniedRow[] | 'record' {
  if (status !== 401 && status !== 403 && status !== 404) return [];
  const admitted = allows(policyOf(row.route), { kind: KIND_OF[actor] } as Actor);
  if (!admitted) return actor === 'anonymous' && method === 'GET' ? [] : [{ action: `denied ${method} ${target}`, resourceType: null, resourceId: null }];
  if (status === 404 && !row.notFoundIsNoRefusal) return 'record';
  return [];
}

async function deniedRowsOf(requestId: string | null): Promise<DeniedRow[]> {
  if (!requestId) return [];
  return AuditEvent.query().where({ requestId, outcome: 'denied' }).select('action', 'resourceType', 'resourceId');
}

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
      const denials: Record<string, { expected: unknown; written: DeniedRow[] }> = {};
      for (const actor of ACTORS) {
        const client = row.freshSession ? await fx.signIn(actor) : fx.clients[actor];
        const target = row.path ? await row.path(fx, actor) : pattern;
        const body = row.body?.(fx, actor);
        const res = await client.request(method, target, body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}));
        actual[actor] = res.status;
        const expected = expectedDenial(row, actor, method, target.split('?')[0]!, res.status);
        const written = await deniedRowsOf(res.headers.get('x-request-id'));
        denials[actor] = {
          expected:
            expected === 'record'
              ? [{ action: `denied ${method} ${target.split('?')[0]}`, resourceType: expect.any(String), resourceId: expect.any(String) }]
              : expected,
          written,
        };
      }
      expect(actual).toEqual(row.expect);
      for (const [actor, { expected, written }] of Object.entries(denials)) expect({ actor, denied: written }).toEqual({ actor, denied: expected });
    });
  });
});
