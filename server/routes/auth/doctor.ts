import type { Router } from '@koa/router';
import { defineRoute } from '../define';
import { publicAccess, doctorOnly } from '../../policies/route-policy';
import { emailLoginSchema } from '../../../common/schemas/login';
import { Doctor } from '../../../db/models';
import { verifyPassword, decoyPasswordHash } from '../../services/passwords';
import { accountKey } from '../../services/login-throttle';
import { startSession } from '../../services/sign-in';
import { recordAudit } from '../../services/audit';
import { presentDoctorAccount } from '../../presenters/doctor';
import { InvalidCredentials, NotFound, Unauthenticated } from '../../errors';
import { throttleFor } from './patient';

export function registerDoctorAuthRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/doctor/login',
    policy: publicAccess,
    body: emailLoginSchema,
    handler: async (ctx, { body }) => {
      const key = accountKey('doctor', body.email);
      const throttle = throttleFor(ctx);
      await throttle.assertAllowed(key, ctx.ip);
      const doctor = await Doctor.query().whereRaw('lower(email) = ?', [body.email.trim().toLowerCase()]).first();
      const valid = await verifyPassword(doctor?.passwordHash ?? (await decoyPasswordHash()), body.password);
      if (!doctor || !valid) {
        await throttle.recordFailure(key, ctx.ip);
        await recordAudit(ctx, { action: 'auth.doctor_login', outcome: 'failure', resourceType: 'doctor', resourceId: doctor?.id });
        throw new InvalidCredentials('Invalid email or password');
      }
      await throttle.clearAccount(key);
      await startSession(ctx, 'doctor', doctor.id);
      const signedIn = await doctor.$query().patchAndFetch({ lastLogin: new Date() });
      ctx.state.actor = { kind: 'doctor', doctorId: doctor.id, name: doctor.name };
      await recordAudit(ctx, { action: 'auth.doctor_login', outcome: 'success', resourceType: 'doctor', resourceId: doctor.id });
      return { doctor: presentDoctorAccount(signedIn) };
    },
  });

  /** The doctor-login hint, only where start-up seeds the demo data (never in production). */
  defineRoute(router, {
    method: 'get',
    path: '/auth/doctor/demo-credentials',
    policy: publicAccess,
    handler: (ctx) => {
      const demo = ctx.deps.demoDoctorLogin;
      if (!demo) throw new NotFound('No demo accounts on this server.');
      return { email: demo.email, password: demo.password };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/auth/doctor/me',
    policy: doctorOnly,
    handler: async (ctx) => {
      const actor = ctx.state.actor;
      if (actor.kind !== 'doctor') throw new Unauthenticated();
      const doctor = await Doctor.query().findById(actor.doctorId);
      if (!doctor) throw new Unauthenticated();
      return presentDoctorAccount(doctor);
    },
  });
}
