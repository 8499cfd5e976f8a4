import { recordAudit } from '../../services/audit';
import type { Router } from '@koa/router';
import { defineRoute } from '../define';
import { demoCredentialsResponse, doctorAccountResponse, doctorSessionResponse, signInRefusals } from '../../presenters/response-schemas';
import { publicAccess, doctorOnly } from '../../policies/route-policy';
import { emailLoginSchema } from '../../../common/schemas/login';
import { Doctor } from '../../../db/models';
import { signInWithPassword, type PasswordSignIn } from '../../services/sign-in';
import { presentDoctorAccount } from '../../presenters/doctor';
import { NotFound, Unauthenticated } from '../../errors';

async function findByEmail(email: string): Promise<Doctor | undefined> {
  return Doctor.query().whereRaw('lower(email) = ?', [email.trim().toLowerCase()]).first();
}

/** Doctors sign in here, by email. */
const DOCTOR_PASSWORD: PasswordSignIn<'doctor'> = {
  kind: 'doctor',
  action: 'auth.doctor_login',
  find: findByEmail,
  wrongCredentials: 'Invalid email or password',
};

export function registerDoctorAuthRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/doctor/login',
    summary: 'Doctor sign-in by email',
    policy: publicAccess,
    body: emailLoginSchema,
    response: doctorSessionResponse,
    refusals: signInRefusals,
    handler: async (ctx, { body }) => {
      const doctor = await signInWithPassword(ctx, DOCTOR_PASSWORD, { identifier: body.email, password: body.password, proof: body.proof });
      return { doctor: presentDoctorAccount(doctor) };
    },
  });

  /** The doctor-login hint, only where start-up seeds the demo data (never in production). */
  defineRoute(router, {
    method: 'get',
    path: '/auth/doctor/demo-credentials',
    summary: 'The demo doctor sign-in hint (servers with demo data only)',
    policy: publicAccess,
    response: demoCredentialsResponse,
    refusals: { 404: 'This server has no demo accounts (it did not seed the demo data)' },
    handler: (ctx) => {
      const demo = ctx.deps.demoDoctorLogin;
      if (!demo) throw new NotFound('No demo accounts on this server.');
      return { email: demo.email, password: demo.password };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/auth/doctor/me',
    summary: 'The signed-in doctor',
    policy: doctorOnly,
    response: doctorAccountResponse,
    handler: async (ctx) => {
      const actor = ctx.state.actor;
      if (actor.kind !== 'doctor') throw new Unauthenticated();
      const doctor = await Doctor.query().findById(actor.doctorId);
      if (!doctor) throw new Unauthenticated();
      await recordAudit(ctx, { action: 'profile.read', outcome: 'success', resourceType: 'doctor', resourceId: doctor.id });
      return presentDoctorAccount(doctor);
    },
  });
}
