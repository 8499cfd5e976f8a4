import type { Router } from '@koa/router';

export function registerConsultationsRoutes(router: Router): void {
  void router;
}
