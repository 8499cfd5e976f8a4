import type { Router } from '@koa/router';

export function registerNotificationsRoutes(router: Router): void {
  void router;
}
