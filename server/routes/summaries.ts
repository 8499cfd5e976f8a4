import type { Router } from '@koa/router';

export function registerSummariesRoutes(router: Router): void {
  void router;
}
