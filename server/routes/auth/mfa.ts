import type { Router } from '@koa/router';
import type { AppContext } from '../../context';
import { defineRoute } from '../define';
import { mfaEnrolmentResponse, mfaSignInResponse, mfaStatusResponse, recoveryCodesResponse, signInRefusals } from '../../presenters/response-schemas';
import { anySignedIn, publicAccess } from '../../policies/route-policy';
import { mfaCodeSchema } from '../../../common/schemas/mfa';
import { emptyBodySchema } from '../../../common/schemas/misc';
import { recordAudit } from '../../services/audit';
import { signedIn } from '../../services/account-sessions';
import { isAccountHolder } from '../../policies/actor';
import type { AccountKind } from '../../services/sign-in';
import { RECOVERY_CODE_PATTERN, recoveryCodesLeft } from '../../services/mfa/recovery-codes';
import {
  accountOf,
  checkCode,
  confirmEnrolment,
  removeSecondFactor,
  requiredForAccount,
  secondFactorMethods,
  startEnrolment,
  type Account,
} from '../../services/mfa/second-factor';
import { Conflict, Forbidden, Unauthenticated } from '../../errors';
import { checkSecondFactor, finishHeldSignIn, pendingAccount } from './held-sign-in';
import { HAS_SECOND_FACTOR } from '../../services/mfa/passkey-factor';

const ALREADY_ON = 'Two-step verification is already on for this account.';
const REQUIRED = 'Two-step verification is required for your account and cannot be turned off.';

/** The signed-in caller's own account. */
async function ownAccount(ctx: AppContext): Promise<{ kind: AccountKind; account: Account }> {
  const actor = signedIn(ctx.state.actor);
  const kind: AccountKind = actor.kind === 'doctor' ? 'doctor' : 'user';
  const account = await accountOf(kind, actor.kind === 'doctor' ? actor.doctorId : actor.userId);
  if (!account) throw new Unauthenticated();
  return { kind, account };
}

/** A code checked against the account (a confirmed authenticator's, or one being set up when `settingUp`), or a recovery code. */
function verifyCode(ctx: AppContext, kind: AccountKind, account: Account, code: string, settingUp: boolean) {
  return checkSecondFactor(
    ctx,
    kind,
    account,
    () => checkCode(ctx.deps.knex, ctx.deps.config, kind, account, code, settingUp),
    (used) => (used === 'recovery' ? 'auth.mfa_recovery_code' : 'auth.mfa_verify'),
    !RECOVERY_CODE_PATTERN.test(code.toLowerCase()),
  );
}

/** Two-step verification by authenticator app (TOTP): the second step of a sign-in, setting up an authenticator, and a patient's opt-in and opt-out. */
export function registerMfaRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/verify',
    summary:
      'Second step of a password sign-in that answered 401 mfa_required: a code from the authenticator or a recovery code. ' +
      'Answers the account as its sign-in would ({ user } or { doctor }), and the recovery codes when this code confirmed a new authenticator.',
    policy: publicAccess,
    body: mfaCodeSchema,
    response: mfaSignInResponse,
    refusals: signInRefusals,
    handler: async (ctx, { body }) => {
      const { pending, account } = await pendingAccount(ctx);
      // Only an account with no second factor yet may set an authenticator up while signing in.
      const settingUp = !(await secondFactorMethods(ctx.deps.knex, pending.kind, account)).length;
      const used = await verifyCode(ctx, pending.kind, account, body.code, settingUp);
      const recoveryCodes = used === 'totp' && settingUp ? await confirmEnrolment(ctx.deps.knex, pending.kind, account) : undefined;
      if (recoveryCodes) await recordAudit(ctx, { action: 'auth.mfa_enrol', outcome: 'success', resourceType: pending.kind, resourceId: account.id });
      return finishHeldSignIn(ctx, pending, account, recoveryCodes);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/enrolment',
    summary:
      'A new authenticator secret (QR code, URI and the key to type), for a pending sign-in that has none yet or for the signed-in caller turning it on; ' +
      'the first right code (verify, or confirm when signed in) turns it on',
    policy: publicAccess,
    body: emptyBodySchema,
    status: 201,
    response: mfaEnrolmentResponse,
    answerHoldsSecrets: true,
    handler: async (ctx) => {
      if (isAccountHolder(ctx.state.actor)) {
        const { kind, account } = await ownAccount(ctx);
        if (account.totpEnabledAt) throw new Conflict(ALREADY_ON);
        return startEnrolment(ctx.deps.knex, ctx.deps.config, kind, account);
      }
      const { pending, account } = await pendingAccount(ctx);
      if ((await secondFactorMethods(ctx.deps.knex, pending.kind, account)).length) throw new Conflict(HAS_SECOND_FACTOR);
      return startEnrolment(ctx.deps.knex, ctx.deps.config, pending.kind, account);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/confirm',
    summary: "Turn two-step verification on with the first code from the authenticator just set up; answers the recovery codes, shown this once",
    policy: anySignedIn,
    body: mfaCodeSchema,
    status: 201,
    response: recoveryCodesResponse,
    answerHoldsSecrets: true,
    handler: async (ctx, { body }) => {
      const { kind, account } = await ownAccount(ctx);
      if (account.totpEnabledAt) throw new Conflict(ALREADY_ON);
      await verifyCode(ctx, kind, account, body.code, true);
      const recoveryCodes = await confirmEnrolment(ctx.deps.knex, kind, account);
      await recordAudit(ctx, { action: 'auth.mfa_enrol', outcome: 'success', resourceType: kind, resourceId: account.id });
      return { recoveryCodes };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/auth/mfa',
    summary: "The caller's two-step verification: on or off, whether their account requires it, recovery codes left",
    policy: anySignedIn,
    response: mfaStatusResponse,
    handler: async (ctx) => {
      const { kind, account } = await ownAccount(ctx);
      return {
        enabled: Boolean(account.totpEnabledAt),
        required: requiredForAccount(ctx.deps.config, kind, account),
        recoveryCodesLeft: await recoveryCodesLeft(ctx.deps.knex, kind, account.id),
      };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/mfa/disable',
    summary: 'Turn two-step verification off (patients, and anyone whose account does not require it), with a current code',
    policy: anySignedIn,
    body: mfaCodeSchema,
    status: 204,
    handler: async (ctx, { body }) => {
      const { kind, account } = await ownAccount(ctx);
      if (requiredForAccount(ctx.deps.config, kind, account)) throw new Forbidden(REQUIRED);
      if (!account.totpEnabledAt) return;
      await verifyCode(ctx, kind, account, body.code, false);
      await removeSecondFactor(ctx.deps.knex, kind, account.id);
      await recordAudit(ctx, { action: 'auth.mfa_disable', outcome: 'success', resourceType: kind, resourceId: account.id, patientId: account.id });
    },
  });
}
