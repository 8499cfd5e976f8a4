import type { Router } from '@koa/router';
import { defineRoute } from '../define';
import { accountSessionResponse, listOf } from '../../presenters/response-schemas';
import { anySignedIn } from '../../policies/route-policy';
import { changePasswordSchema } from '../../../common/schemas/password';
import { emptyBodySchema } from '../../../common/schemas/misc';
import { Doctor, User } from '../../../db/models';
import { hashPassword } from '../../services/passwords';
import { confirmPassword } from '../../services/password-confirmation';
import { endOtherSessions, endSessionByHandle, listAccountSessions, signedIn } from '../../services/account-sessions';
import { auditedWrite, recordAudit } from '../../services/audit';
import { Unauthenticated, ValidationFailed } from '../../errors';
import type { AccountActor, Actor } from '../../policies/actor';
import { log } from '../../log';

const WRONG_CURRENT = 'Current password is incorrect';

async function accountOf(actor: AccountActor): Promise<User | Doctor> {
  const account = actor.kind === 'doctor' ? await Doctor.query().findById(actor.doctorId) : await User.query().findById(actor.userId);
  if (!account) throw new Unauthenticated();
  return account;
}

const patientIdOf = (actor: Actor) => (actor.kind === 'patient' ? actor.userId : undefined);

/** What a signed-in person controls about their own access: their password and their signed-in devices. */
export function registerAccountRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/password',
    summary: 'Change one\'s password (the current one is required); ends every other session and its sockets',
    policy: anySignedIn,
    body: changePasswordSchema,
    status: 204,
    handler: async (ctx, { body }) => {
      const actor = signedIn(ctx.state.actor);
      const account = await accountOf(actor);
      if (!(await confirmPassword(ctx, actor.kind === 'doctor' ? 'doctor' : 'user', account, body.currentPassword))) {
        await recordAudit(ctx, { action: 'auth.change_password', outcome: 'failure', patientId: patientIdOf(actor) });
        throw new ValidationFailed(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
      }
      const passwordHash = await hashPassword(body.newPassword);
      await auditedWrite(
        ctx,
        (trx) => account.$query(trx).patch({ passwordHash }),
        () => ({ action: 'auth.change_password', outcome: 'success', patientId: patientIdOf(actor) }),
      );
      const ended = await endOtherSessions(ctx, actor);
      log.info({ actorKind: actor.kind, endedSessions: ended }, 'password changed');
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/auth/sessions',
    summary: "The account's signed-in devices (sessions), this one flagged",
    policy: anySignedIn,
    response: listOf(accountSessionResponse),
    handler: async (ctx) => {
      const actor = signedIn(ctx.state.actor);
      const [sessions] = await Promise.all([
        listAccountSessions(ctx, actor),
        recordAudit(ctx, { action: 'auth.list_sessions', outcome: 'success', patientId: patientIdOf(actor) }),
      ]);
      return sessions;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/sessions/revoke-others',
    summary: 'Sign out every other device of the account',
    policy: anySignedIn,
    body: emptyBodySchema,
    status: 204,
    handler: async (ctx) => {
      const actor = signedIn(ctx.state.actor);
      await endOtherSessions(ctx, actor);
      await recordAudit(ctx, { action: 'auth.revoke_other_sessions', outcome: 'success', patientId: patientIdOf(actor) });
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/auth/sessions/:handle',
    summary: 'Sign out one signed-in device of the account',
    policy: anySignedIn,
    status: 204,
    handler: async (ctx, { params }) => {
      const actor = signedIn(ctx.state.actor);
      await endSessionByHandle(ctx, actor, params.handle!);
      await recordAudit(ctx, { action: 'auth.revoke_session', outcome: 'success', patientId: patientIdOf(actor) });
    },
  });
}
