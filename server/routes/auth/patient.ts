import type { Router } from '@koa/router';
import { defineRoute } from '../define';
import { publicAccess, signedInUser, anySignedIn } from '../../policies/route-policy';
import { loginSchema } from '../../../common/schemas/login';
import { signupPayloadSchema } from '../../../common/schemas/signup';
import { User } from '../../../db/models';
import { hashPassword, verifyPassword, decoyPasswordHash } from '../../services/passwords';
import { LoginThrottle, accountKey } from '../../services/login-throttle';
import { startSession, endSession } from '../../services/sign-in';
import { recordAudit } from '../../services/audit';
import { presentUser } from '../../presenters/user';
import { InvalidCredentials, Conflict, Unauthenticated } from '../../errors';
import type { AppContext } from '../../context';

const WRONG_CREDENTIALS = 'Invalid username/email or password.';

async function findByUsernameOrEmail(identifier: string): Promise<User | undefined> {
  const value = identifier.trim();
  return User.query().where('username', value).orWhere('email', value.toLowerCase()).first();
}

export function throttleFor(ctx: AppContext): LoginThrottle {
  return new LoginThrottle(ctx.deps.knex, ctx.deps.config.login);
}

export function registerPatientAuthRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/signup',
    policy: publicAccess,
    body: signupPayloadSchema,
    status: 201,
    handler: async (ctx, { body }) => {
      const email = body.email.trim().toLowerCase();
      const taken = await User.query().where('username', body.username).orWhere('email', email).first();
      if (taken) {
        const field = taken.username === body.username ? 'username' : 'email';
        const message = field === 'username' ? 'Username is already taken.' : 'An account with this email already exists.';
        throw new Conflict(message, { [field]: message });
      }
      const user = await User.query().insert({
        username: body.username,
        email,
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phone: body.phone?.trim() || null,
        emergencyContact: body.emergencyContact
          ? { name: body.emergencyContact.name, phone: body.emergencyContact.phone, relationship: body.emergencyContact.relation }
          : null,
      });
      ctx.state.actor = { kind: 'patient', userId: user.id, name: `${user.firstName} ${user.lastName}` };
      await recordAudit(ctx, { action: 'auth.signup', outcome: 'success', resourceType: 'user', resourceId: user.id, patientId: user.id });
      return { user: presentUser(user) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/login',
    policy: publicAccess,
    body: loginSchema,
    handler: async (ctx, { body }) => {
      const key = accountKey('user', body.usernameOrEmail);
      const throttle = throttleFor(ctx);
      await throttle.assertAllowed(key, ctx.ip);
      const user = await findByUsernameOrEmail(body.usernameOrEmail);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), body.password);
      if (!user || !valid) {
        await throttle.recordFailure(key, ctx.ip);
        await recordAudit(ctx, { action: 'auth.login', outcome: 'failure', resourceType: 'user', resourceId: user?.id, patientId: user?.id });
        throw new InvalidCredentials(WRONG_CREDENTIALS);
      }
      await throttle.clearAccount(key);
      await startSession(ctx, 'user', user.id);
      const signedIn = await user.$query().patchAndFetch({ lastLogin: new Date() });
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
      ctx.state.actor = user.role === 'admin' ? { kind: 'admin', userId: user.id, name } : { kind: 'patient', userId: user.id, name };
      await recordAudit(ctx, { action: 'auth.login', outcome: 'success', resourceType: 'user', resourceId: user.id, patientId: user.id });
      return { user: presentUser(signedIn) };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/auth/me',
    policy: signedInUser,
    handler: async (ctx) => {
      const actor = ctx.state.actor;
      if (actor.kind !== 'patient' && actor.kind !== 'admin') throw new Unauthenticated();
      const user = await User.query().findById(actor.userId);
      if (!user) throw new Unauthenticated();
      return presentUser(user);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/logout',
    policy: anySignedIn,
    handler: async (ctx) => {
      const actor = ctx.state.actor;
      await recordAudit(ctx, { action: 'auth.logout', outcome: 'success', patientId: actor.kind === 'patient' ? actor.userId : undefined });
      endSession(ctx);
      return { ok: true };
    },
  });
}
