import type { Router } from '@koa/router';
import { UniqueViolationError } from 'objection';
import { defineRoute } from '../define';
import { okResponse, sessionUserResponse, signedInUserResponse, userResponse } from '../../presenters/response-schemas';
import type { AppContext } from '../../context';
import { publicAccess, signedInUser } from '../../policies/route-policy';
import { loginSchema } from '../../../common/schemas/login';
import { signupPayloadSchema, type SignupPayload } from '../../../common/schemas/signup';
import { emptyBodySchema } from '../../../common/schemas/misc';
import { User } from '../../../db/models';
import { hashPassword } from '../../services/passwords';
import { doctorUsesEmail } from '../../services/account-emails';
import { limitPerAddress } from '../../services/request-limit';
import { endSession, signInWithPassword, type PasswordSignIn } from '../../services/sign-in';
import { forgetSessionPushSubscriptions } from '../../services/push/subscriptions';
import { userActor } from '../../middleware/actor';
import { recordAudit } from '../../services/audit';
import { presentUser } from '../../presenters/user';
import { Conflict, Unauthenticated } from '../../errors';

const USERNAME_TAKEN = 'Username is already taken.';
const EMAIL_TAKEN = 'An account with this email already exists.';

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

/** 409 naming every field already in use (a doctor's address included), so the form can mark both at once. */
async function assertAvailable(username: string, email: string): Promise<void> {
  const taken = await User.query()
    .whereRaw('lower(username) = ?', [username.toLowerCase()])
    .orWhereRaw('lower(email) = ?', [email])
    .select('username', 'email');
  const fields: Record<string, string> = {};
  if (taken.some((u) => u.username.toLowerCase() === username.toLowerCase())) fields.username = USERNAME_TAKEN;
  if (taken.some((u) => u.email.toLowerCase() === email) || (await doctorUsesEmail(email))) fields.email = EMAIL_TAKEN;
  if (Object.keys(fields).length) throw new Conflict(Object.values(fields)[0]!, fields);
}

/** A concurrent sign-up that won the race surfaces as a unique violation: the same 409 as the check above. */
function asConflict(err: unknown): unknown {
  if (!(err instanceof UniqueViolationError)) return err;
  if (err.constraint.includes('username')) return new Conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
  if (err.constraint.includes('email')) return new Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  return err;
}

async function createPatient(body: SignupPayload): Promise<User> {
  const email = body.email.trim().toLowerCase();
  await assertAvailable(body.username, email);
  const passwordHash = await hashPassword(body.password);
  // One INSERT: an account is either fully created or not at all.
  return User.query()
    .insert({
      username: body.username,
      email,
      passwordHash,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      phone: body.phone?.trim() || null,
      role: 'patient',
      emergencyContact: body.emergencyContact
        ? { name: body.emergencyContact.name.trim(), phone: body.emergencyContact.phone.trim(), relationship: body.emergencyContact.relation }
        : null,
    })
    .returning('*')
    .catch((err: unknown) => {
      throw asConflict(err);
    });
}

export function registerPatientAuthRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/signup',
    summary: 'Create a patient account and sign in',
    before: [limitPerAddress('signup')],
    policy: publicAccess,
    body: signupPayloadSchema,
    status: 201,
    response: signedInUserResponse,
    handler: async (ctx, { body }) => {
      const user = await createPatient(body);
      ctx.state.actor = userActor(user);
      await recordAudit(ctx, { action: 'auth.signup', outcome: 'success', resourceType: 'user', resourceId: user.id, patientId: user.id });
      return { user: presentUser(user) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/login',
    summary: 'Patient or admin sign-in by username or email',
    policy: publicAccess,
    body: loginSchema,
    response: signedInUserResponse,
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
