import type { Router } from '@koa/router';

export function registerAdminDoctorsRoutes(router: Router): void {
  void router;
}
