import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { healthResponse } from '../presenters/response-schemas';
import { publicAccess } from '../policies/route-policy';
import type { HealthStatus } from '../../common/api-types';
import { databaseState } from '../../db/connection';
import { runtimeNodeVersion } from '../runtime/node-version';

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
}
