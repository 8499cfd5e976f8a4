import type { Router } from '@koa/router';

export function registerDoctorsRoutes(router: Router): void {
  void router;
}
