import type { Router } from '@koa/router';

export function registerDoctorPortalRoutes(router: Router): void {
  void router;
}
