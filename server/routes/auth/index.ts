import type { Router } from '@koa/router';
import { registerPatientAuthRoutes } from './patient';
import { registerDoctorAuthRoutes } from './doctor';

export function registerAuthRoutes(router: Router): void {
  registerPatientAuthRoutes(router);
  registerDoctorAuthRoutes(router);
}
