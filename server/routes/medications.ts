import type { Router } from '@koa/router';

export function registerMedicationsRoutes(router: Router): void {
  void router;
}
