import type { Router } from '@koa/router';
import { registerHealthRoutes } from './health';
import { registerAuthRoutes } from './auth';

/** Every API route, mounted under /api. Each module registers its routes through defineRoute. */
export function registerApiRoutes(router: Router): void {
  registerHealthRoutes(router);
  registerAuthRoutes(router);
}
