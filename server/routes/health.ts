import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { healthResponse, livenessResponse, readinessResponse } from '../presenters/response-schemas';
import { publicAccess } from '../policies/route-policy';
import type { HealthStatus, LivenessStatus, ReadinessStatus } from '../../common/api-types';
import { databaseState } from '../../db/connection';
import { runtimeNodeVersion } from '../runtime/node-version';

/** The orchestrator probes, answered for any host (server/middleware/public-host.ts): they reach a replica at its internal address. */
export const PROBE_PATHS = { live: '/health/live', ready: '/health/ready' } as const;

export function registerHealthRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/health',
    summary: 'Server and database health (503 with the same body when the database is down)',
    policy: publicAccess,
    response: healthResponse,
    handler: async (ctx): Promise<HealthStatus> => {
      const database = await databaseState(ctx.deps.knex);
      ctx.status = database === 'up' ? 200 : 503;
      return { status: database === 'up' ? 'ok' : 'degraded', database, media: ctx.deps.mediaMode(), runtime: { node: runtimeNodeVersion() } };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: PROBE_PATHS.live,
    summary: 'Liveness probe: 200 while the process runs; it reads nothing, not even the database',
    policy: publicAccess,
    response: livenessResponse,
    handler: (): LivenessStatus => ({ status: 'live' }),
  });

  defineRoute(router, {
    method: 'get',
    path: PROBE_PATHS.ready,
    summary: 'Readiness probe: 200 while this process takes new work; 503 with the reason once it shuts down (draining) or while PostgreSQL does not answer',
    policy: publicAccess,
    response: readinessResponse,
    handler: async (ctx): Promise<ReadinessStatus> => {
      const reason = ctx.deps.shutdown.draining ? 'draining' : (await databaseState(ctx.deps.knex)) === 'down' ? 'database_unreachable' : null;
      ctx.status = reason ? 503 : 200;
      return { status: reason ? 'not_ready' : 'ready', reason };
    },
  });
}
