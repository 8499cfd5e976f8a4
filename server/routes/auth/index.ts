import type { Router } from '@koa/router';
import { registerPatientAuthRoutes } from './patient';
import { registerDoctorAuthRoutes } from './doctor';
import { registerAccountRoutes } from './account';
import { registerMfaRoutes } from './mfa';
import { registerMfaPasskeyRoutes } from './mfa-passkey';
import { registerPasswordResetRoutes } from './password-reset';

export function registerAuthRoutes(router: Router): void {
  registerPatientAuthRoutes(router);
  registerDoctorAuthRoutes(router);
  registerAccountRoutes(router);
  registerMfaRoutes(router);
  registerMfaPasskeyRoutes(router);
  registerPasswordResetRoutes(router);
}
