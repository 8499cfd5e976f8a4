import type { Router } from '@koa/router';

export function registerAppointmentsRoutes(router: Router): void {
  void router;
}
