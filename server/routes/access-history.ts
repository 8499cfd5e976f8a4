import type { Router } from '@koa/router';

export function registerAccessHistoryRoutes(router: Router): void {
  void router;
}
