import type { Router } from '@koa/router';

export function registerPasskeysRoutes(router: Router): void {
  void router;
}
