import type { Router } from '@koa/router';

export function registerMedicalReportsRoutes(router: Router): void {
  void router;
}
