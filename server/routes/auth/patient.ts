import type { Router } from '@koa/router';
import { defineRoute } from '../define';
import { noticeResponse, okResponse, sessionUserResponse, signInRefusals, signedInUserResponse, userResponse } from '../../presenters/response-schemas';
import type { AppContext } from '../../context';
import { publicAccess, signedInUser } from '../../policies/route-policy';
import { loginSchema } from '../../../common/schemas/login';
import { signupPayloadSchema, type SignupPayload } from '../../../common/schemas/signup';
import { emptyBodySchema } from '../../../common/schemas/misc';
import { User } from '../../../db/models';
import { signUpPatient, signupReceived } from '../../services/patient-signup';
import { limitPerAddress } from '../../services/request-limit';
import { endSession, signInWithPassword, type PasswordSignIn } from '../../services/sign-in';
import { forgetSessionPushSubscriptions } from '../../services/push/subscriptions';
import { recordAudit } from '../../services/audit';
import { presentUser } from '../../presenters/user';
import { Unauthenticated } from '../../errors';

/** Usernames and emails are unique regardless of case (see the lower() unique indexes). */
async function findByUsernameOrEmail(identifier: string): Promise<User | undefined> {
  const value = identifier.trim().toLowerCase();
  return User.query().whereRaw('lower(username) = ?', [value]).orWhereRaw('lower(email) = ?', [value]).first();
}

/** Patients and admins sign in here, by username or email. */
const USER_PASSWORD: PasswordSignIn<'user'> = {
  kind: 'user',
  action: 'auth.login',
  find: findByUsernameOrEmail,
  wrongCredentials: 'Invalid username/email or password.',
};

/** The API reference's example sign-up: every field the product spec names, the emergency contact filled in. */
const SIGNUP_EXAMPLE: SignupPayload = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada_lovelace',
  email: 'ada@example.com',
  password: 'violet-harbour-1847',
  confirmPassword: 'violet-harbour-1847',
  phone: '+44 20 7946 0018',
  termsAccepted: true,
  privacyAccepted: true,
  emergencyContact: { name: 'Mary Somerville', phone: '+44 20 7946 0019', relation: 'friend' },
};

export function registerPatientAuthRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/signup',
    summary:
      'Create a patient account (it does not sign in). A taken username is refused (409). The answer is the same whether the account ' +
      'was created or its email already has an account, so sign-up tells nobody which addresses exist; where mail is set up (SMTP_URL) ' +
      'the address typed is told',
    refusals: { 409: "That username is taken (code 'conflict', field 'username')" },
    before: [limitPerAddress('signup')],
    policy: publicAccess,
    body: signupPayloadSchema.meta({ jsonSchema: { examples: [SIGNUP_EXAMPLE] } }),
    status: 202,
    response: noticeResponse,
    handler: async (ctx, { body }) => {
      await signUpPatient(ctx, body);
      return { message: signupReceived(ctx) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/login',
    summary: 'Patient or admin sign-in by username or email',
    policy: publicAccess,
    body: loginSchema,
    response: signedInUserResponse,
    refusals: signInRefusals,
    handler: async (ctx, { body }) => {
      const user = await signInWithPassword(ctx, USER_PASSWORD, { identifier: body.usernameOrEmail, password: body.password, proof: body.proof });
      return { user: presentUser(user) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in patient or admin',
    policy: signedInUser,
    response: userResponse,
    handler: async (ctx) => {
      const user = await signedInUserOf(ctx);
      if (!user) throw new Unauthenticated();
      return presentUser(user);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/auth/session',
    summary: "The signed-in patient or admin, or null: the web app's session probe, which never answers 401",
    policy: publicAccess,
    response: sessionUserResponse,
    handler: async (ctx) => {
      const user = await signedInUserOf(ctx);
      return { user: user ? presentUser(user) : null };
    },
  });

  /** The session's patient or admin, its read audited; null for anyone else. */
async function signedInUserOf(ctx: AppContext): Promise<User | null> {
  const actor = ctx.state.actor;
  if (actor.kind !== 'patient' && actor.kind !== 'admin') return null;
  const user = await User.query().findById(actor.userId);
  if (!user) return null;
  await recordAudit(ctx, { action: 'profile.read', outcome: 'success', resourceType: 'user', resourceId: user.id, patientId: actor.kind === 'patient' ? user.id : undefined });
  return user;
}

/** Shared by patients, admins and doctors. Idempotent: with no live session there is nothing to end. */
  defineRoute(router, {
    method: 'post',
    path: '/auth/logout',
    summary: 'Sign out (anyone)',
    policy: publicAccess,
    body: emptyBodySchema,
    response: okResponse,
    handler: async (ctx) => {
      const actor = ctx.state.actor;
      if (actor.kind !== 'anonymous') {
        await recordAudit(ctx, { action: 'auth.logout', outcome: 'success', patientId: actor.kind === 'patient' ? actor.userId : undefined });
        await forgetSessionPushSubscriptions(ctx);
      }
      endSession(ctx);
      // The browser drops what it kept of the account (the offline vault in IndexedDB, caches, the service
      // worker). Not "cookies": that would clear every cookie of the whole site (all its subdomains), and
      // the session cookie is already expired above.
      ctx.set('Clear-Site-Data', '"cache", "storage"');
      return { ok: true };
    },
  });
}
